import { MAX_REFUND_ATTEMPTS } from '../../common/constants';
import { toPaise, toRupees } from '../../common/money';
import {
  ADMIN_ORDER_MESSAGES,
  type AdminOrder,
  type OrderStatusBody,
  type RefundOrderBody,
  STAFF_CANCELLABLE,
  STAFF_STEP_FROM,
} from '../../common/schemas/admin-orders';
import type { PaymentStatus } from '../../common/schemas/order';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import { describeError } from '../logger';
import type { Actor } from '../modules/audit/audit.service';
import type { OrderRow, RefundRow, ReturnRow } from '../modules/order/order.service';
import { type OrderAdminService, refundablePaise } from '../modules/order/order-admin.service';
import type { ShipmentRow } from '../modules/shipping/shipping.service';
import type { PaymentProvider } from '../providers';
import type { ProviderLogger } from '../providers/logger';
import type { FlowContext, Services } from '../services';
import type { Refunder } from './refund-payment';
import { moveOrder, noteFor, type ShipOrdersFlow } from './ship-order';

export interface HandleOrderDeps extends FlowContext {
  now: () => Date;
  payment: PaymentProvider;
  /** Calls the provider's refund of a payment the system refunds in full (a return to origin). */
  refunder: Pick<Refunder, 'refund'>;
  shipOrders: Pick<ShipOrdersFlow, 'bookNow'>;
  orderAdmin: Pick<OrderAdminService, 'detail'>;
  log: ProviderLogger;
}

/** What a staff change leaves to do once committed: provider refunds, a courier to tell. */
interface AfterCommit {
  refunds?: RefundRow[];
  refundRowId?: string;
  shipment?: ShipmentRow;
}

const statusesOf = (order: Pick<OrderRow, 'deliveryStatus' | 'paymentStatus'>) => ({
  deliveryStatus: order.deliveryStatus,
  paymentStatus: order.paymentStatus,
});

const returnStepRefused = (request: ReturnRow, step: string) =>
  new ConflictError(ADMIN_ORDER_MESSAGES.returnStep(request.status, step), 'RETURN_STEP_NOT_ALLOWED');

/**
 * Staff handle orders (the back office): notes, delivery steps, cancels, refunds and returns. Each
 * change locks the order row, changes it with its history entry and its audit record in one
 * transaction; the payment provider and the courier are called after the commit, as the shopper's
 * cancel does (docs/decisions/006, 007). Refunds staff make are rows of their own, partial ones too,
 * so the most a refund may be is what was paid less them.
 */
export function createHandleOrderFlows({
  services,
  transaction,
  now,
  payment,
  refunder,
  shipOrders,
  orderAdmin,
  log,
}: HandleOrderDeps) {
  /**
   * Sends a staff refund to the payment provider (cash paid on delivery is given back by hand). It
   * takes the refund's lease first, so the request and the retry job never both call; a call that
   * fails is left to the job, which tries again once the lease has run out. Never throws.
   */
  async function send(refundId: string): Promise<'refunded' | 'failed' | 'not-due'> {
    const refund = await services.orders.claimRefund(refundId, now());
    if (!refund?.paymentId) return 'not-due';
    try {
      const { refundId: providerRefundId } = await payment.refund({
        paymentId: refund.paymentId,
        amountPaise: refund.amountPaise,
        receipt: refund.id,
      });
      await services.orders.refundSent(refund.id, providerRefundId);
      return 'refunded';
    } catch (error) {
      const last = refund.attempts >= MAX_REFUND_ATTEMPTS;
      log.warn(
        `payments: staff refund ${refund.id} of ${refund.paymentId} failed (attempt ${refund.attempts}${
          last ? ', the last one: refund it by hand in the provider dashboard' : ', will retry'
        }): ${describeError(error)}`,
      );
      return 'failed';
    }
  }

  /**
   * Runs `work` on the locked order in one transaction with its audit record (`action`, the order's
   * statuses before and after), then does what it left for after the commit, and answers the order
   * as staff see it.
   */
  async function handled(
    actor: Actor,
    action: string,
    orderId: string,
    work: (tx: Services, order: OrderRow, at: Date) => Promise<AfterCommit & { after?: object }>,
  ): Promise<AdminOrder> {
    const done = await transaction(async (tx) => {
      const order = await tx.orders.lockById(orderId);
      if (!order) throw new NotFoundError(ADMIN_ORDER_MESSAGES.notFound);
      const { after, ...rest } = await work(tx, order, now());
      const changed = await tx.orders.lockById(order.id);
      await tx.audit.record(actor, {
        action,
        entity: 'order',
        entityId: order.id,
        before: statusesOf(order),
        after: { ...(changed && statusesOf(changed)), ...after },
      });
      return { id: order.id, ...rest };
    });
    for (const refund of done.refunds ?? []) await send(refund.id);
    if (done.refundRowId) await refunder.refund(done.refundRowId);
    if (done.shipment) await services.shipping.cancelAtCourier(done.shipment);
    return orderAdmin.detail(done.id);
  }

  /**
   * Records a refund of `amountPaise` (409 when more than is left) in the caller's transaction and
   * answers it with the payment status the order has after it: Refund Initiated once nothing is left.
   */
  async function takeRefund(
    tx: Services,
    actor: Actor,
    order: OrderRow,
    amountPaise: number,
    reason: string,
    at: Date,
  ): Promise<{ refund: RefundRow; paymentStatus: PaymentStatus }> {
    const paid = order.paymentMode === 'ONLINE' ? await tx.payments.lockForOrder(order.id) : undefined;
    const left = refundablePaise(order, paid, await tx.orders.refunds(order.id));
    if (left === 0) throw new ConflictError(ADMIN_ORDER_MESSAGES.nothingToRefund, 'NOTHING_TO_REFUND');
    if (amountPaise > left) {
      throw new ConflictError(ADMIN_ORDER_MESSAGES.tooMuch(toRupees(left)), 'REFUND_TOO_LARGE');
    }
    const refund = await tx.orders.addRefund({
      orderId: order.id,
      amountPaise,
      reason,
      actorUserId: actor.id,
      paymentId: paid?.paymentId ?? null,
      at,
    });
    return { refund, paymentStatus: amountPaise === left ? 'Refund Initiated' : order.paymentStatus };
  }

  /** What is left to refund of the order now, in paise (0 when nothing was paid). */
  async function leftToRefund(tx: Services, order: OrderRow): Promise<number> {
    const paid = order.paymentMode === 'ONLINE' ? await tx.payments.findByOrderId(order.id) : undefined;
    return refundablePaise(order, paid, await tx.orders.refunds(order.id));
  }

  const byStaff = (actor: Actor) => ({ actor: 'admin' as const, actorUserId: actor.id });
  const withNote = (text: string, note?: string) => (note ? `${text} ${note}` : text);

  /** Shipping by hand books the courier first (outside any transaction, as the job does), then moves the order. */
  async function ship(actor: Actor, orderId: string, note?: string): Promise<AdminOrder> {
    const current = await services.orders.findForStaff(orderId);
    if (!current) throw new NotFoundError(ADMIN_ORDER_MESSAGES.notFound);
    const { order } = current;
    if (order.deliveryStatus !== 'Processing') {
      throw new ConflictError(
        ADMIN_ORDER_MESSAGES.stepNotAllowed(order.deliveryStatus, 'Shipped'),
        'STEP_NOT_ALLOWED',
      );
    }
    if (order.paymentMode === 'ONLINE' && order.paymentStatus !== 'Paid') {
      throw new ConflictError(ADMIN_ORDER_MESSAGES.unpaidToShip, 'NOT_PAID');
    }
    const shipment = await shipOrders.bookNow(order._id);
    if (!shipment) throw new DomainError(503, ADMIN_ORDER_MESSAGES.courierFailed, 'COURIER_UNAVAILABLE');
    return handled(actor, 'order.status', order._id, async (tx, locked, at) => {
      if (locked.deliveryStatus !== 'Processing') {
        throw new ConflictError(
          ADMIN_ORDER_MESSAGES.stepNotAllowed(locked.deliveryStatus, 'Shipped'),
          'STEP_NOT_ALLOWED',
        );
      }
      await moveOrder(
        tx,
        locked,
        'Shipped',
        withNote(noteFor('Shipped', locked, shipment), note),
        at,
        byStaff(actor),
      );
      await tx.shipping.update(locked.id, { status: 'Shipped' }, at);
      return {};
    });
  }

  return {
    /** The retry job: every staff refund whose provider call never answered, one after the other. */
    async retryRefunds(): Promise<{ refunded: number; failed: number }> {
      const counts = { refunded: 0, failed: 0 };
      for (const id of await services.orders.refundsDue(now())) {
        const outcome = await send(id);
        if (outcome !== 'not-due') counts[outcome] += 1;
      }
      return counts;
    },

    /** A note only staff read, audited as `order.note`. */
    addNote(actor: Actor, orderId: string, text: string): Promise<AdminOrder> {
      return handled(actor, 'order.note', orderId, async (tx, order, at) => {
        await tx.orders.addStaffNote({
          orderId: order.id,
          authorId: actor.id,
          authorEmail: actor.email,
          text,
          at,
        });
        return { after: { note: text } };
      });
    },

    /**
     * One step along the delivery (409 for any other): Shipped books the courier; Delivered marks a
     * cash order paid; Failed is a return to origin (RTO), which restocks and refunds an online payment.
     */
    async step(actor: Actor, orderId: string, { deliveryStatus: target, note }: OrderStatusBody) {
      if (target === 'Shipped') return ship(actor, orderId, note);
      return handled(actor, 'order.status', orderId, async (tx, order, at) => {
        if (!STAFF_STEP_FROM[target].includes(order.deliveryStatus)) {
          throw new ConflictError(
            ADMIN_ORDER_MESSAGES.stepNotAllowed(order.deliveryStatus, target),
            'STEP_NOT_ALLOWED',
          );
        }
        const shipment = await tx.shipping.lock(order.id);
        const courierNote = shipment ? noteFor(target, order, shipment, 'returned to origin') : undefined;
        const text =
          target === 'Failed' ? 'Returned to origin (RTO): the items are back in stock.' : courierNote;
        const moved = await moveOrder(
          tx,
          order,
          target,
          withNote(text ?? `${target}.`, note),
          at,
          byStaff(actor),
        );
        if (shipment) {
          const ended = target === 'Delivered' || target === 'Failed';
          await tx.shipping.update(order.id, { status: target, ...(ended && { nextStepAt: null }) }, at);
        }
        return { refundRowId: moved?.refundRowId };
      });
    },

    /** Cancels an order that has not left the shop: stock back, what was paid refunded, the courier told. */
    cancel(actor: Actor, orderId: string, reason: string): Promise<AdminOrder> {
      return handled(actor, 'order.cancel', orderId, async (tx, order, at) => {
        if (!STAFF_CANCELLABLE.includes(order.deliveryStatus)) {
          throw new ConflictError(ADMIN_ORDER_MESSAGES.notCancellable, 'CANCEL_NOT_ALLOWED');
        }
        const items = await tx.orders.items(order.id);
        await tx.inventory.returnStock(
          items.map(({ productId, color, size, quantity }) => ({ productId, color, size, quantity })),
        );
        const left = await leftToRefund(tx, order);
        const refunded = left > 0 ? await takeRefund(tx, actor, order, left, reason, at) : undefined;
        await tx.orders.changeStatus(order.id, {
          deliveryStatus: 'Cancelled',
          paymentStatus: refunded?.paymentStatus ?? order.paymentStatus,
          note: `Cancelled by the shop: ${reason}${refunded ? ` Refund of ₹${toRupees(left)} initiated.` : ''}`,
          at,
          ...byStaff(actor),
        });
        const shipment = await tx.shipping.stopForCancelledOrder(order.id, at);
        return { refunds: refunded ? [refunded.refund] : [], shipment, after: { reason } };
      });
    },

    /** Refunds part or all of what was paid (409 past it), audited as `order.refund`. */
    refund(actor: Actor, orderId: string, { amount, reason }: RefundOrderBody): Promise<AdminOrder> {
      return handled(actor, 'order.refund', orderId, async (tx, order, at) => {
        const { refund, paymentStatus } = await takeRefund(tx, actor, order, toPaise(amount), reason, at);
        await tx.orders.changeStatus(order.id, {
          deliveryStatus: order.deliveryStatus,
          paymentStatus,
          note: `Refund of ₹${amount} initiated: ${reason}`,
          at,
          ...byStaff(actor),
        });
        return { refunds: [refund], after: { amount, reason } };
      });
    },

    /** Approves the order's return request: the refund is now due within 5 business days. */
    approveReturn(actor: Actor, orderId: string): Promise<AdminOrder> {
      return handled(actor, 'return.approve', orderId, async (tx, order, at) => {
        const request = await tx.orders.findReturn(order.id);
        if (!request) throw new ConflictError(ADMIN_ORDER_MESSAGES.noReturn, 'NO_RETURN');
        if (request.status !== 'Requested') throw returnStepRefused(request, 'approved');
        await tx.orders.updateReturn(order.id, { status: 'Approved', updatedAt: at, approvedAt: at });
        await tx.orders.changeStatus(order.id, {
          deliveryStatus: 'Return Approved',
          paymentStatus: order.paymentStatus,
          note: 'Return approved.',
          at,
          ...byStaff(actor),
        });
        return {};
      });
    },

    /** Rejects the order's return request with a note the shopper reads in the order's history. */
    rejectReturn(actor: Actor, orderId: string, note: string): Promise<AdminOrder> {
      return handled(actor, 'return.reject', orderId, async (tx, order, at) => {
        const request = await tx.orders.findReturn(order.id);
        if (!request) throw new ConflictError(ADMIN_ORDER_MESSAGES.noReturn, 'NO_RETURN');
        if (request.status !== 'Requested') throw returnStepRefused(request, 'rejected');
        await tx.orders.updateReturn(order.id, { status: 'Rejected', updatedAt: at, rejectNote: note });
        await tx.orders.changeStatus(order.id, {
          deliveryStatus: 'Return Rejected',
          paymentStatus: order.paymentStatus,
          note: `Return rejected: ${note}`,
          at,
          ...byStaff(actor),
        });
        return { after: { note } };
      });
    },

    /** The returned items arrived: they go back in stock and are refunded (as far as anything is left to refund). */
    received(actor: Actor, orderId: string): Promise<AdminOrder> {
      return handled(actor, 'return.received', orderId, async (tx, order, at) => {
        const request = await tx.orders.findReturn(order.id);
        if (!request) throw new ConflictError(ADMIN_ORDER_MESSAGES.noReturn, 'NO_RETURN');
        if (request.status !== 'Approved') throw returnStepRefused(request, 'received');
        const lines = (await tx.orders.items(order.id)).filter((item) =>
          request.linePositions.includes(item.position),
        );
        await tx.inventory.returnStock(
          lines.map(({ productId, color, size, quantity }) => ({ productId, color, size, quantity })),
        );
        const worth = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
        const amount = Math.min(worth, await leftToRefund(tx, order));
        const refunded =
          amount > 0
            ? await takeRefund(tx, actor, order, amount, `Return: ${request.reason}`, at)
            : undefined;
        await tx.orders.updateReturn(order.id, { status: 'Returned', updatedAt: at });
        await tx.orders.changeStatus(order.id, {
          deliveryStatus: 'Returned',
          paymentStatus: refunded?.paymentStatus ?? order.paymentStatus,
          note: refunded
            ? `Returned items received and back in stock. Refund of ₹${toRupees(amount)} initiated.`
            : 'Returned items received and back in stock.',
          at,
          ...byStaff(actor),
        });
        return { refunds: refunded ? [refunded.refund] : [] };
      });
    },
  };
}

export type HandleOrderFlows = ReturnType<typeof createHandleOrderFlows>;
