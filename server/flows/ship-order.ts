import { retryDelayMs } from '../../common/retry-delay';
import type { DeliveryStatus } from '../../common/schemas/order';
import { SHIPPING_MESSAGES, type WebhookOutcome } from '../../common/schemas/shipping';
import { NotFoundError, UnauthorizedError } from '../errors';
import { describeError } from '../logger';
import type { HistoryEntry, OrderRow } from '../modules/order/order.service';
import {
  SHIPMENT_LEASE_MS,
  type ShipmentChanges,
  type ShipmentRow,
  type ShipmentStatus,
} from '../modules/shipping/shipping.service';
import type { ProviderLogger } from '../providers/logger';
import type {
  ShipmentRequest,
  ShippingProvider,
  TrackingStatus,
  TrackingUpdate,
} from '../providers/shipping/shipping-provider';
import type { FlowContext, Services } from '../services';
import { initiateRefund, type Refunder } from './refund-payment';

/** The courier's part of an order's life, in order; an order only ever moves forward along it. */
const FORWARD: readonly DeliveryStatus[] = ['Processing', 'Shipped', 'Out for Delivery', 'Delivered'];
/** Shipments one run of the job books, moves or cancels; the rest wait for the next run. */
const BATCH = 25;

const SHIPMENT_STATUSES: readonly DeliveryStatus[] = [...FORWARD, 'Failed', 'Cancelled'];
const isShipmentStatus = (status: DeliveryStatus): status is ShipmentStatus =>
  SHIPMENT_STATUSES.includes(status);

/** The history note of a courier's change, naming the courier and tracking number. */
export function noteFor(
  target: TrackingStatus,
  order: OrderRow,
  shipment: ShipmentRow,
  courierStatus?: string,
): string {
  const courier = shipment.courier ?? 'the courier';
  switch (target) {
    case 'Shipped':
      return `Shipped with ${courier}. Tracking number (AWB): ${shipment.awb}.`;
    case 'Out for Delivery':
      return `Out for delivery with ${courier}.`;
    case 'Delivered':
      return order.paymentMode === 'COD' ? 'Delivered. Cash on delivery collected.' : 'Delivered.';
    case 'Failed':
      return `Delivery failed (${courierStatus ?? 'returned to the shop'}): the parcel goes back to the shop and its items are back in stock.`;
  }
}

/**
 * Moves a locked order to the courier's `target` state, recorded in its history by the system (or
 * by the staff member `by` names, who moved it by hand).
 * Never backwards (a Delivered order never returns to Shipped), never an order the courier has no
 * part in (Pending, Cancelled, Failed, in a return). A COD order is Paid on delivery (DESIGN.md §6);
 * a failed delivery puts the stock back in the same transaction, and the refund of an order paid
 * online is decided there too: the answer's `refundRowId` is for the refunder once committed.
 * Null when nothing changed.
 */
export async function moveOrder(
  tx: Services,
  order: OrderRow,
  target: TrackingStatus,
  note: string,
  at: Date,
  by: Pick<HistoryEntry, 'actor' | 'actorUserId'> = { actor: 'system', actorUserId: null },
): Promise<{ refundRowId?: string } | null> {
  const from = FORWARD.indexOf(order.deliveryStatus);
  if (from < 0) return null;
  const orders = tx.orders;
  let refundRowId: string | undefined;
  if (target === 'Failed') {
    if (order.deliveryStatus === 'Delivered') return null;
    const items = await orders.items(order.id);
    await tx.inventory.returnStock(
      items.map(({ productId, color, size, quantity }) => ({ productId, color, size, quantity })),
    );
    refundRowId = await initiateRefund(tx, order, at);
  } else if (FORWARD.indexOf(target) <= from) {
    return null;
  }
  let paymentStatus = order.paymentStatus;
  if (refundRowId) paymentStatus = 'Refund Initiated';
  else if (target === 'Delivered' && order.paymentMode === 'COD') paymentStatus = 'Paid';
  await orders.changeStatus(order.id, {
    deliveryStatus: target,
    paymentStatus,
    note: refundRowId ? `${note} Refund initiated.` : note,
    at,
    ...by,
  });
  return { refundRowId };
}

export interface ShipOrdersDeps extends FlowContext {
  provider: ShippingProvider;
  now: () => Date;
  /** The shopper's email, which the courier needs for its tracking messages. */
  emailOf: (userId: string) => Promise<string>;
  log: ProviderLogger;
}

/** What one run of the shipping job did, for the log. */
export interface ShipOrdersRun {
  opened: number;
  booked: number;
  moved: number;
  /** Shipments of cancelled orders cancelled at the courier. */
  cancelled: number;
  stopped: number;
  failed: number;
}

/**
 * Ships the orders that are ready: every order in Processing (a COD order at once, an online one
 * once paid) gets a shipment, booked with the courier outside any transaction (the shipment id and
 * then the AWB are stored as soon as they are known, so a retry goes on from there); a booking that
 * fails is tried again later. With the local simulator, booked shipments then move one state every
 * step. An order cancelled meanwhile is never moved, and never booked: each courier answer is
 * stored under the order's lock, and a courier order made for an order cancelled during the call
 * is cancelled at the courier. The job also retries cancellations the courier failed.
 */
export function createShipOrdersFlow({ services, transaction, provider, now, emailOf, log }: ShipOrdersDeps) {
  /** Stops a shipment whose order the courier has no more part in, recording where the order ended. */
  async function stop(on: Services, shipment: ShipmentRow, order: OrderRow | undefined): Promise<'stopped'> {
    const status = order && isShipmentStatus(order.deliveryStatus) ? order.deliveryStatus : shipment.status;
    await on.shipping.update(shipment.orderId, { status, nextStepAt: null }, now());
    return 'stopped';
  }

  /** What the courier needs to book the shipment's order, or why it is not to be booked now. */
  async function bookable(shipment: ShipmentRow): Promise<ShipmentRequest | 'stopped' | 'unpaid'> {
    const found = await transaction(async (tx) => {
      const orders = tx.orders;
      const order = await orders.lockById(shipment.orderId);
      if (order?.deliveryStatus !== 'Processing') return stop(tx, shipment, order);
      // Belt and braces: an online order only reaches Processing once paid.
      if (order.paymentMode === 'ONLINE' && order.paymentStatus !== 'Paid') return 'unpaid' as const;
      return { order, items: await orders.items(order.id) };
    });
    if (typeof found === 'string') return found;
    const { order, items } = found;
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      placedAt: order.createdAt,
      paymentMode: order.paymentMode,
      address: order.address,
      email: await emailOf(order.userId),
      items: items.map((item) => ({
        productId: item.productId,
        name: item.name,
        color: item.color,
        size: item.size,
        quantity: item.quantity,
        pricePaise: item.pricePaise,
      })),
      itemsPaise: order.itemsPricePaise,
      shippingPaise: order.shippingPricePaise,
      taxPaise: order.taxPricePaise,
      discountPaise: order.discountPaise,
      totalPaise: order.totalPricePaise,
    };
  }

  /**
   * Stores a courier's answer under the order's lock, with `then` while the order still waits for
   * its shipment. If it was cancelled while the courier was asked, the shipment stays stopped with
   * the answer kept for staff, and a courier order this booking just created is held to be cancelled
   * at the courier at once (`cancel`); one booked before the cancel is the cancel's to undo.
   */
  async function store(
    shipment: ShipmentRow,
    answer: ShipmentChanges,
    then: ShipmentChanges = {},
  ): Promise<{ stored: true } | { stored: false; cancel?: ShipmentRow }> {
    return transaction(async (tx) => {
      const order = await tx.orders.lockById(shipment.orderId);
      const records = tx.shipping;
      const current = await records.lock(shipment.orderId);
      if (!current) return { stored: false };
      const at = now();
      if (order?.deliveryStatus === 'Processing' && current.status !== 'Cancelled') {
        await records.update(shipment.orderId, { ...answer, ...then }, at);
        return { stored: true };
      }
      const created = current.providerShipmentId === null && Boolean(answer.providerShipmentId);
      const changes: ShipmentChanges = {
        ...answer,
        status: order && isShipmentStatus(order.deliveryStatus) ? order.deliveryStatus : current.status,
        ...(created && {
          nextStepAt: new Date(at.getTime() + SHIPMENT_LEASE_MS),
          attempts: 0,
          lastError: null,
        }),
      };
      await records.update(shipment.orderId, changes, at);
      return { stored: false, cancel: created ? { ...current, ...changes, updatedAt: at } : undefined };
    });
  }

  /** A booking the courier refused or never answered: tried again later, unless the order was cancelled meanwhile. */
  async function failed(shipment: ShipmentRow, error: unknown): Promise<'stopped' | 'failed'> {
    const attempts = shipment.attempts + 1;
    const message = describeError(error);
    return transaction(async (tx) => {
      const records = tx.shipping;
      const current = await records.lock(shipment.orderId);
      if (!current || current.status === 'Cancelled') return 'stopped';
      log.warn(`shipping: booking order ${shipment.orderId} failed (attempt ${attempts}): ${message}`);
      const at = now();
      await records.update(
        shipment.orderId,
        { attempts, lastError: message, nextStepAt: new Date(at.getTime() + retryDelayMs(attempts)) },
        at,
      );
      return 'failed';
    });
  }

  async function book(shipment: ShipmentRow): Promise<'booked' | 'cancelled' | 'stopped' | 'failed'> {
    const request = await bookable(shipment);
    if (request === 'stopped') return request;
    try {
      if (request === 'unpaid') throw new Error('the online payment has not arrived');
      let providerShipmentId = shipment.providerShipmentId;
      if (!providerShipmentId) {
        const created = await provider.createShipment(request);
        const stored = await store(shipment, { provider: provider.name, ...created });
        if (!stored.stored)
          return stored.cancel ? services.shipping.cancelAtCourier(stored.cancel) : 'stopped';
        providerShipmentId = created.providerShipmentId;
      }
      const { awb, courier } = await provider.assignAwb(providerShipmentId);
      const nextStepAt = provider.simulation ? new Date(now().getTime() + provider.simulation.stepMs) : null;
      const stored = await store(shipment, { awb, courier }, { attempts: 0, lastError: null, nextStepAt });
      return stored.stored ? 'booked' : 'stopped';
    } catch (error) {
      return failed(shipment, error);
    }
  }

  /** The simulator's next step: one state forward, in one transaction with the order's history. */
  async function step(shipment: ShipmentRow, stepMs: number): Promise<'moved' | 'stopped'> {
    return transaction(async (tx) => {
      const order = await tx.orders.lockById(shipment.orderId);
      const position = order ? FORWARD.indexOf(order.deliveryStatus) : -1;
      const next = FORWARD[position + 1] as TrackingStatus | undefined;
      if (!order || position < 0 || !next) return stop(tx, shipment, order);
      const at = now();
      await moveOrder(tx, order, next, noteFor(next, order, shipment), at);
      await tx.shipping.update(
        shipment.orderId,
        { status: next, nextStepAt: next === 'Delivered' ? null : new Date(at.getTime() + stepMs) },
        at,
      );
      return 'moved';
    });
  }

  return {
    /**
     * Books the courier for one order in Processing now (staff ship it by hand), as the job would:
     * the shipment is opened if need be and booked unless it already has its AWB. Answers the booked
     * shipment, or undefined when the courier did not book it (the job tries again later).
     */
    async bookNow(orderId: string): Promise<ShipmentRow | undefined> {
      await services.shipping.openShipments([orderId], now());
      const shipment = await services.shipping.findForOrder(orderId);
      if (!shipment) return undefined;
      if (!shipment.awb && (await book(shipment)) !== 'booked') return undefined;
      return services.shipping.findForOrder(orderId);
    },

    /**
     * One run of the job: opens, books, (simulator) moves, and cancels at the courier what is due
     * now. Idempotent.
     */
    async run(): Promise<ShipOrdersRun> {
      const at = now();
      const result: ShipOrdersRun = { opened: 0, booked: 0, moved: 0, cancelled: 0, stopped: 0, failed: 0 };
      const ready = await services.orders.idsInDeliveryStatus('Processing');
      result.opened = await services.shipping.openShipments(ready, at);
      const due = await services.shipping.claimDue(at, new Date(at.getTime() + SHIPMENT_LEASE_MS), BATCH);
      for (const shipment of due) {
        let outcome: 'booked' | 'moved' | 'cancelled' | 'stopped' | 'failed';
        if (shipment.status === 'Cancelled' && shipment.providerShipmentId && !shipment.courierCancelledAt) {
          // The cancelled order's courier call failed or was lost: try it again.
          outcome = await services.shipping.cancelAtCourier(shipment);
        } else if (!shipment.awb) outcome = await book(shipment);
        else if (provider.simulation && shipment.provider === provider.name) {
          outcome = await step(shipment, provider.simulation.stepMs);
        } else {
          // Booked with a courier that reports by webhook (or no longer in use): nothing to do here.
          outcome = await stop(services, shipment, undefined);
        }
        result[outcome] += 1;
      }
      return result;
    },
  };
}

export type ShipOrdersFlow = ReturnType<typeof createShipOrdersFlow>;

/**
 * The courier's tracking webhook: checks its token, then moves the order the update names, once.
 * The update's key is stored in the same transaction as the change, so a repeated webhook (even at
 * the same moment) changes nothing; an update older than the order's state changes nothing either.
 * A failed delivery of an order paid online is refunded: decided with the change, the provider
 * called once it is committed (and by the retry-refunds job if that call fails).
 */
export function createTrackShipmentFlow({
  transaction,
  provider,
  now,
  refunder,
}: Pick<ShipOrdersDeps, 'transaction' | 'provider' | 'now'> & { refunder: Pick<Refunder, 'refund'> }) {
  async function apply(update: TrackingUpdate): Promise<WebhookOutcome> {
    const { outcome, refundRowId } = await transaction(
      async (tx): Promise<{ outcome: WebhookOutcome; refundRowId?: string }> => {
        const shipping = tx.shipping;
        const shipment = await shipping.findByAwb(update.awb);
        if (!shipment) return { outcome: 'ignored' };
        const at = now();
        const fresh = await shipping.recordWebhook(
          { eventKey: update.eventKey, awb: update.awb, courierStatus: update.courierStatus },
          at,
        );
        if (!fresh) return { outcome: 'duplicate' };
        if (!update.status) return { outcome: 'unchanged' };
        const order = await tx.orders.lockById(shipment.orderId);
        if (!order) return { outcome: 'ignored' };
        const note = noteFor(update.status, order, shipment, update.courierStatus);
        const moved = await moveOrder(tx, order, update.status, note, at);
        if (!moved) return { outcome: 'unchanged' };
        await shipping.update(shipment.orderId, { status: update.status, nextStepAt: null }, at);
        return { outcome: 'applied', refundRowId: moved.refundRowId };
      },
    );
    if (refundRowId) await refunder.refund(refundRowId);
    return outcome;
  }

  return async function receiveWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<WebhookOutcome> {
    const { webhook } = provider;
    if (!webhook) throw new NotFoundError(SHIPPING_MESSAGES.webhookUnsupported);
    if (!webhook.verify(headers)) throw new UnauthorizedError(SHIPPING_MESSAGES.webhookToken);
    const update = webhook.parse(body);
    return update ? apply(update) : 'ignored';
  };
}
