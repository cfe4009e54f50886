import { createHash, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { HOUR, MINUTE } from '../../../common/constants';
import { toRupees } from '../../../common/money';
import { singleLine } from '../../../common/schemas/text';
import type { ProviderLogger } from '../logger';
import {
  type Serviceability,
  type ShipmentRequest,
  type ShippingProvider,
  ShippingProviderError,
  type TrackingStatus,
  type TrackingUpdate,
} from './shipping-provider';

export const SHIPROCKET_BASE_URL = 'https://apiv2.shiprocket.in';

/** Shiprocket's tokens last 240 hours; a token is renewed this long before it runs out. */
const TOKEN_LIFETIME_MS = 240 * HOUR;
const TOKEN_RENEW_BEFORE_MS = 12 * HOUR;
/** Serviceability answers are reused this long, so product pages do not call Shiprocket on every check. */
const SERVICEABILITY_CACHE_MS = 15 * MINUTE;

/**
 * One parcel of clothing in a courier bag: Shiprocket requires a weight and size to price and book a
 * shipment, and the catalog has neither yet (docs/decisions/007-courier.md).
 */
export const SHIPROCKET_PARCEL = { weightKg: 0.5, lengthCm: 30, breadthCm: 25, heightCm: 5 } as const;

/**
 * Shiprocket's forward-shipment statuses that mean something to the shopper. A refused delivery
 * first comes as UNDELIVERED (the courier tries again), and becomes Failed once the parcel is sent
 * back to the shop (RTO, return to origin). Other scans (manifested, pickup scheduled) change nothing.
 */
const STATUS_BY_LABEL: Record<string, TrackingStatus> = {
  'PICKED UP': 'Shipped',
  SHIPPED: 'Shipped',
  'IN TRANSIT': 'Shipped',
  'REACHED AT DESTINATION HUB': 'Shipped',
  'OUT FOR DELIVERY': 'Out for Delivery',
  DELIVERED: 'Delivered',
  'RTO INITIATED': 'Failed',
  'RTO IN TRANSIT': 'Failed',
  'RTO OFD': 'Failed',
  'RTO DELIVERED': 'Failed',
  'RTO ACKNOWLEDGED': 'Failed',
};

const loginAnswer = z.object({ token: z.string().min(1) });
const errorAnswer = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});
const serviceabilityAnswer = z.object({
  status: z.number().optional(),
  data: z
    .union([
      z.object({
        available_courier_companies: z
          .array(
            z.object({
              cod: z.coerce.number().optional(),
              estimated_delivery_days: z.coerce.number().optional(),
            }),
          )
          .default([]),
      }),
      // Some unserviceable answers carry an empty list instead of an object.
      z.array(z.unknown()),
    ])
    .optional(),
});
const createAnswer = z.object({ order_id: z.coerce.number(), shipment_id: z.coerce.number() });
const awbAnswer = z.object({
  awb_assign_status: z.coerce.number(),
  message: z.string().optional(),
  response: z
    .object({
      data: z
        .object({
          awb_code: z.coerce.string().optional(),
          courier_name: z.string().optional(),
          awb_assign_error: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
// One line of text each: a NUL or a lone surrogate in a webhook must not reach the database.
const webhookBody = z.object({
  awb: z.union([singleLine().min(1), z.number()]).transform(String),
  current_status: singleLine().optional(),
  shipment_status: singleLine().optional(),
  current_timestamp: singleLine().optional(),
  is_return: z.union([z.number(), z.boolean(), z.string()]).optional(),
});

export interface ShiprocketOptions {
  email: string;
  password: string;
  /** The pincode of the shop's pickup address, where every shipment starts. */
  pickupPincode: string;
  /** The pickup location's nickname as configured in Shiprocket (its default is "Primary"). */
  pickupLocation: string;
  /** The security token set for the tracking webhook in Shiprocket's panel (sent as `x-api-key`). */
  webhookToken: string;
  log: ProviderLogger;
  /** Shiprocket's API; tests point it at a fake server. */
  baseUrl?: string;
  timeoutMs?: number;
  /** The clock for token expiry and the serviceability cache; tests move it. */
  now?: () => number;
}

/** Shiprocket's own words from an error answer: its message and any per-field errors. */
function describeError(status: number, data: unknown): string {
  const parsed = errorAnswer.safeParse(data);
  const parts = [`HTTP ${status}`];
  if (parsed.success) {
    if (parsed.data.message) parts.push(parsed.data.message);
    for (const [field, problems] of Object.entries(parsed.data.errors ?? {})) {
      parts.push(`${field}: ${[problems].flat().join(' ')}`);
    }
  }
  return parts.join(': ');
}

/** The expiry time written in a JWT (`exp`, seconds), if it has one. */
function jwtExpiryMs(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload?.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Order date as Shiprocket reads it, in India's time: "2026-11-22 15:30". */
function istDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const digestOf = (value: string) => createHash('sha256').update(value).digest();

/**
 * Shiprocket (SHIPPING_PROVIDER=shiprocket), over its REST API with fetch. The token from
 * /auth/login is kept until shortly before it expires (and renewed once when an answer says 401);
 * one login serves calls made at the same time. Every failure becomes a ShippingProviderError naming
 * the step and Shiprocket's own message.
 */
export function createShiprocketShippingProvider(options: ShiprocketOptions): ShippingProvider {
  const { baseUrl = SHIPROCKET_BASE_URL, timeoutMs = 10_000, now = Date.now, log } = options;
  const expectedToken = digestOf(options.webhookToken);
  let token: { value: string; renewAt: number } | null = null;
  let loggingIn: Promise<string> | null = null;
  const serviceabilityCache = new LRUCache<string, Serviceability>({
    max: 5000,
    ttl: SERVICEABILITY_CACHE_MS,
    // Read the (injectable) clock on every lookup rather than once a millisecond.
    ttlResolution: 0,
    perf: { now },
  });

  async function send(
    method: 'GET' | 'POST',
    path: string,
    { body, bearer }: { body?: unknown; bearer?: string },
  ): Promise<{ status: number; data: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ShippingProviderError(`Shiprocket could not be reached (${(error as Error).message})`, {
        cause: error,
      });
    }
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    return { status: response.status, data };
  }

  async function login(): Promise<string> {
    const { status, data } = await send('POST', '/v1/external/auth/login', {
      body: { email: options.email, password: options.password },
    });
    const parsed = loginAnswer.safeParse(data);
    if (status !== 200 || !parsed.success) {
      throw new ShippingProviderError(`Shiprocket login failed (${describeError(status, data)})`);
    }
    const expiresAt = jwtExpiryMs(parsed.data.token) ?? now() + TOKEN_LIFETIME_MS;
    token = { value: parsed.data.token, renewAt: expiresAt - TOKEN_RENEW_BEFORE_MS };
    return parsed.data.token;
  }

  function bearer(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    loggingIn ??= login().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /** A call with the token; a 401 (token revoked early) logs in again once. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const first = await send(method, path, { body, bearer: await bearer() });
    if (first.status !== 401) return first;
    token = null;
    return send(method, path, { body, bearer: await bearer() });
  }

  return {
    name: 'shiprocket',

    async serviceability(pincode) {
      const cached = serviceabilityCache.get(pincode);
      if (cached) return cached;
      const query = new URLSearchParams({
        pickup_postcode: options.pickupPincode,
        delivery_postcode: pincode,
        weight: String(SHIPROCKET_PARCEL.weightKg),
        // Prepaid lists every courier; each says whether it also collects cash.
        cod: '0',
      });
      const { status, data } = await call('GET', `/v1/external/courier/serviceability/?${query}`);
      const parsed = serviceabilityAnswer.safeParse(data);
      if (status === 404 || (parsed.success && parsed.data.status === 404)) {
        const answer = { serviceable: false, codAvailable: false, etaDays: null };
        serviceabilityCache.set(pincode, answer);
        return answer;
      }
      if (status !== 200 || !parsed.success) {
        throw new ShippingProviderError(`Shiprocket serviceability failed (${describeError(status, data)})`);
      }
      const couriers = Array.isArray(parsed.data.data)
        ? []
        : (parsed.data.data?.available_courier_companies ?? []);
      const days = couriers
        .map((courier) => courier.estimated_delivery_days)
        .filter((d): d is number => d !== undefined && Number.isFinite(d) && d > 0);
      const answer: Serviceability =
        couriers.length === 0
          ? { serviceable: false, codAvailable: false, etaDays: null }
          : {
              serviceable: true,
              codAvailable: couriers.some((courier) => courier.cod === 1),
              // The fastest courier's estimate; Shiprocket picks among them by the account's rules.
              etaDays: days.length > 0 ? Math.max(1, Math.ceil(Math.min(...days))) : null,
            };
      serviceabilityCache.set(pincode, answer);
      return answer;
    },

    async createShipment(request: ShipmentRequest) {
      const { address } = request;
      const body = {
        // Shiprocket refuses a second order with the same order_id, so a retried booking cannot
        // create the shipment twice.
        order_id: request.orderNumber,
        order_date: istDateTime(request.placedAt),
        pickup_location: options.pickupLocation,
        billing_customer_name: address.name,
        billing_last_name: '',
        billing_address: address.addressLine1,
        billing_address_2: [address.addressLine2, address.addressLine3].filter(Boolean).join(', '),
        billing_city: address.district,
        billing_pincode: Number(address.pincode),
        billing_state: address.state,
        billing_country: address.country,
        billing_email: request.email,
        billing_phone: Number(address.phone),
        shipping_is_billing: true,
        order_items: request.items.map((item) => ({
          name: `${item.name} (${item.color}, ${item.size})`,
          sku: `${item.productId}:${item.color}:${item.size}`.slice(0, 50),
          units: item.quantity,
          selling_price: toRupees(item.pricePaise),
        })),
        payment_method: request.paymentMode === 'COD' ? 'COD' : 'Prepaid',
        shipping_charges: toRupees(request.shippingPaise),
        // Tax and discount are settled in sub_total, so the cash the courier collects is the order total.
        sub_total: toRupees(request.itemsPaise + request.taxPaise - request.discountPaise),
        total_discount: 0,
        length: SHIPROCKET_PARCEL.lengthCm,
        breadth: SHIPROCKET_PARCEL.breadthCm,
        height: SHIPROCKET_PARCEL.heightCm,
        weight: SHIPROCKET_PARCEL.weightKg,
      };
      const { status, data } = await call('POST', '/v1/external/orders/create/adhoc', body);
      const parsed = createAnswer.safeParse(data);
      if (status !== 200 || !parsed.success || !parsed.data.shipment_id) {
        throw new ShippingProviderError(
          `Shiprocket could not create the order ${request.orderNumber} (${describeError(status, data)})`,
        );
      }
      return {
        providerShipmentId: String(parsed.data.shipment_id),
        providerOrderId: String(parsed.data.order_id),
      };
    },

    async assignAwb(providerShipmentId) {
      const { status, data } = await call('POST', '/v1/external/courier/assign/awb', {
        shipment_id: Number(providerShipmentId),
      });
      const parsed = awbAnswer.safeParse(data);
      const assigned = parsed.success ? parsed.data.response?.data : undefined;
      if (status === 200 && parsed.success && parsed.data.awb_assign_status === 1 && assigned?.awb_code) {
        return { awb: assigned.awb_code, courier: assigned.courier_name ?? 'Shiprocket' };
      }
      const reason = assigned?.awb_assign_error ?? describeError(status, data);
      throw new ShippingProviderError(
        `Shiprocket could not assign an AWB to shipment ${providerShipmentId} (${reason})`,
      );
    },

    async cancelShipment({ providerShipmentId, providerOrderId }) {
      // Shiprocket cancels by its own order id, and the order's shipment and AWB with it.
      if (!providerOrderId) {
        throw new ShippingProviderError(
          `Shiprocket's order of shipment ${providerShipmentId} is not known: cancel it in Shiprocket's panel`,
        );
      }
      const { status, data } = await call('POST', '/v1/external/orders/cancel', {
        ids: [Number(providerOrderId)],
      });
      if (status < 200 || status >= 300) {
        throw new ShippingProviderError(
          `Shiprocket could not cancel the order ${providerOrderId} (${describeError(status, data)})`,
        );
      }
    },

    webhook: {
      verify(headers) {
        const given = headers['x-api-key'];
        if (typeof given !== 'string' || given.length === 0) return false;
        // Both sides hashed to the same length, so the comparison time says nothing about the token.
        return timingSafeEqual(digestOf(given), expectedToken);
      },

      parse(body): TrackingUpdate | null {
        const parsed = webhookBody.safeParse(body);
        if (!parsed.success) {
          log.warn('shiprocket: a webhook without an AWB was ignored');
          return null;
        }
        const update = parsed.data;
        // Return pickups (is_return=1) are reverse shipments, not this order's delivery.
        if (update.is_return === 1 || update.is_return === true || update.is_return === '1') return null;
        const courierStatus = (update.shipment_status ?? update.current_status ?? '').trim();
        const label = courierStatus.toUpperCase().replaceAll('_', ' ').replace(/\s+/g, ' ');
        return {
          awb: update.awb,
          status: STATUS_BY_LABEL[label] ?? null,
          courierStatus,
          eventKey: createHash('sha256')
            .update(JSON.stringify([update.awb, label, update.current_timestamp ?? '']))
            .digest('hex'),
        };
      },
    },
  };
}
