import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received. */
export interface FakeShiprocketRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeShiprocket {
  url: string;
  requests: FakeShiprocketRequest[];
  /** Pincodes no courier serves (answered 404 like Shiprocket), and where none collects cash. */
  notServiceable: Set<string>;
  noCod: Set<string>;
  /** Answers the next call to `path` with this instead of the usual answer (an error, say). */
  answerNext(path: string, answer: { status: number; body: unknown }): void;
  /** Revokes every token handed out so far: calls with them answer 401 until the next login. */
  revokeTokens(): void;
  /** How many logins succeeded. */
  readonly logins: number;
  /** Shiprocket's ids of the orders cancelled so far. */
  readonly cancelled: ReadonlySet<number>;
  close(): Promise<void>;
}

const LOGIN = '/v1/external/auth/login';
const SERVICEABILITY = '/v1/external/courier/serviceability/';
const CREATE = '/v1/external/orders/create/adhoc';
const ASSIGN_AWB = '/v1/external/courier/assign/awb';
const CANCEL = '/v1/external/orders/cancel';
const REQUIRED_ORDER_FIELDS = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** A JWT-shaped token carrying `exp`, as Shiprocket's are (the signature is not checked by anyone). */
function tokenExpiringAt(expSeconds: number, serial: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: serial, exp: expSeconds })}.signature${serial}`;
}

/**
 * A stand-in for Shiprocket's API on a local port, for the adapter's tests and the shipping API tests:
 * login with the given credentials, serviceability, adhoc orders (with Shiprocket's required fields
 * and its refusal of a repeated order_id), AWB assignment (refused for a cancelled order) and order
 * cancellation by Shiprocket's order ids, each behind the bearer token.
 */
export async function startFakeShiprocket({
  email,
  password,
  tokenExpiresAt = () => Math.floor(Date.now() / 1000) + 240 * 3600,
}: {
  email: string;
  password: string;
  /** The `exp` (seconds) written into each new token. */
  tokenExpiresAt?: () => number;
}): Promise<FakeShiprocket> {
  const requests: FakeShiprocketRequest[] = [];
  const notServiceable = new Set<string>();
  const noCod = new Set<string>();
  const overrides = new Map<string, { status: number; body: unknown }>();
  const validTokens = new Set<string>();
  /** The shop's order_id → Shiprocket's order and shipment ids. */
  const orders = new Map<string, { orderId: number; shipmentId: number }>();
  const cancelled = new Set<number>();
  let logins = 0;
  let serial = 0;

  const answer = (status: number, body: unknown) => ({ status, body });

  function handle(
    method: string,
    path: string,
    query: URLSearchParams,
    auth: string | undefined,
    body: unknown,
  ) {
    if (method === 'POST' && path === LOGIN) {
      const given = body as { email?: string; password?: string } | undefined;
      if (given?.email !== email || given?.password !== password) {
        return answer(400, { message: 'Invalid email and password combination', status_code: 400 });
      }
      serial += 1;
      logins += 1;
      const token = tokenExpiringAt(tokenExpiresAt(), serial);
      validTokens.add(token);
      return answer(200, { id: 1, email, company_id: 7, token });
    }
    if (!auth?.startsWith('Bearer ') || !validTokens.has(auth.slice('Bearer '.length))) {
      return answer(401, { message: 'Token has expired', status_code: 401 });
    }
    if (method === 'GET' && path === SERVICEABILITY) {
      const pincode = query.get('delivery_postcode') ?? '';
      if (notServiceable.has(pincode)) {
        return answer(404, { status: 404, message: `Delivery postcode ${pincode} is not serviceable` });
      }
      return answer(200, {
        status: 200,
        currency: 'INR',
        data: {
          available_courier_companies: [
            {
              courier_company_id: 10,
              courier_name: 'Delhivery Surface',
              cod: noCod.has(pincode) ? 0 : 1,
              estimated_delivery_days: '5',
              rate: 91.5,
            },
            {
              courier_company_id: 24,
              courier_name: 'Xpressbees Air',
              cod: 0,
              estimated_delivery_days: '3',
              rate: 140,
            },
          ],
          recommended_courier_company_id: 10,
        },
      });
    }
    if (method === 'POST' && path === CREATE) {
      const order = (body ?? {}) as Record<string, unknown>;
      const missing = REQUIRED_ORDER_FIELDS.filter(
        (field) => order[field] === undefined || order[field] === '',
      );
      if (missing.length > 0) {
        return answer(422, {
          message: 'Oops! Invalid Data.',
          errors: Object.fromEntries(
            missing.map((field) => [field, [`The ${field.replaceAll('_', ' ')} field is required.`]]),
          ),
          status_code: 422,
        });
      }
      const shopOrderId = String(order.order_id);
      if (orders.has(shopOrderId)) {
        return answer(422, { message: 'Order Id already exists.', status_code: 422 });
      }
      const created = { orderId: 770_000 + orders.size + 1, shipmentId: 880_000 + orders.size + 1 };
      orders.set(shopOrderId, created);
      return answer(200, {
        order_id: created.orderId,
        shipment_id: created.shipmentId,
        status: 'NEW',
        status_code: 1,
        awb_code: '',
        courier_company_id: '',
        courier_name: '',
      });
    }
    if (method === 'POST' && path === ASSIGN_AWB) {
      const shipmentId = (body as { shipment_id?: number } | undefined)?.shipment_id;
      const booked = [...orders.values()].find((o) => o.shipmentId === shipmentId);
      if (!booked) {
        return answer(200, {
          awb_assign_status: 0,
          response: { data: { awb_assign_error: 'Shipment not found' } },
        });
      }
      if (cancelled.has(booked.orderId)) {
        return answer(200, {
          awb_assign_status: 0,
          response: { data: { awb_assign_error: 'Order is cancelled' } },
        });
      }
      return answer(200, {
        awb_assign_status: 1,
        response: {
          data: {
            awb_code: `1904${shipmentId}`,
            courier_company_id: 10,
            courier_name: 'Delhivery Surface',
            shipment_id: shipmentId,
          },
        },
      });
    }
    if (method === 'POST' && path === CANCEL) {
      const ids = (body as { ids?: unknown } | undefined)?.ids;
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isInteger(id))) {
        return answer(422, {
          message: 'Oops! Invalid Data.',
          errors: { ids: ['The ids field is required.'] },
          status_code: 422,
        });
      }
      const known = new Set([...orders.values()].map((o) => o.orderId));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) {
        return answer(400, { message: `Order ${unknown} not found.`, status_code: 400 });
      }
      for (const id of ids) cancelled.add(id);
      return answer(200, { status: 200, message: 'Order cancelled successfully.' });
    }
    return answer(404, { message: 'Not found', status_code: 404 });
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    let body: unknown;
    try {
      body = await readJson(request);
    } catch {
      body = 'not json';
    }
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body,
    });
    const override = overrides.get(url.pathname);
    overrides.delete(url.pathname);
    const { status, body: reply } =
      override ??
      handle(request.method ?? 'GET', url.pathname, url.searchParams, request.headers.authorization, body);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof reply === 'string' ? reply : JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    notServiceable,
    noCod,
    answerNext: (path, override) => overrides.set(path, override),
    revokeTokens: () => validTokens.clear(),
    get logins() {
      return logins;
    },
    cancelled,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
