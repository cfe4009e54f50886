import { cancelRefusal } from '../../common/cancel-window';
import { ORDER_MESSAGES, type Order } from '../../common/schemas/order';
import { ConflictError, NotFoundError } from '../errors';
import type { FlowContext } from '../services';
import { initiateRefund, type Refunder } from './refund-payment';

/** The answer to each reason the shopper may not cancel. */
const CANCEL_REFUSALS = {
  'already-cancelled': () => new ConflictError(ORDER_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED'),
  'left-the-shop': () => new ConflictError(ORDER_MESSAGES.cancelShipped, 'CANCEL_NOT_ALLOWED'),
  'window-passed': () => new ConflictError(ORDER_MESSAGES.cancelWindow, 'CANCEL_WINDOW_PASSED'),
} as const;

export interface CancelOrderDeps extends FlowContext {
  now: () => Date;
  /** Calls the provider's refund of a paid order once the cancellation is committed. */
  refunder: Pick<Refunder, 'refund'>;
}

/**
 * The shopper cancels an order (DESIGN.md §6): within the cancel window and before it ships. The
 * order row is locked first (then its payment row and its shipment, the order every payment and
 * courier change takes), so two
 * cancels at once return the stock once; the stock returns in the same transaction as the status
 * change and its history entry. A paid order's payment becomes Refund Initiated in that transaction,
 * and the provider's refund is called after it commits (docs/decisions/006-payments.md). Likewise a
 * shipment already booked with the courier stops in the transaction and is cancelled at the courier
 * after it; a courier that fails is tried again by the shipping job and never undoes the cancel
 * (docs/decisions/007-courier.md).
 */
export function createCancelOrderFlow({ services, transaction, now, refunder }: CancelOrderDeps) {
  return async function cancelOrder(userId: string, orderId: string, reason: string): Promise<Order> {
    const { order, refundRowId, shipment } = await transaction(async (tx) => {
      const orders = tx.orders;
      const order = await orders.lockOwned(userId, orderId);
      if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const at = now();
      const refusal = cancelRefusal({ deliveryStatus: order.deliveryStatus, placedAt: order.createdAt }, at);
      if (refusal) throw CANCEL_REFUSALS[refusal]();
      const items = await orders.items(order.id);
      await tx.inventory.returnStock(
        items.map((item) => ({
          productId: item.productId,
          color: item.color,
          size: item.size,
          quantity: item.quantity,
        })),
      );
      // COD pays on delivery and an unpaid online order has nothing to give back; a paid one does.
      const refundRowId = await initiateRefund(tx, order, at);
      const refunding = refundRowId !== undefined;
      const cancelled = reason ? `Cancelled by the customer: ${reason}` : 'Cancelled by the customer.';
      await orders.changeStatus(order.id, {
        deliveryStatus: 'Cancelled',
        paymentStatus: refunding ? 'Refund Initiated' : order.paymentStatus,
        actor: 'customer',
        actorUserId: userId,
        note: refunding ? `${cancelled} Refund initiated.` : cancelled,
        at,
      });
      const shipment = await tx.shipping.stopForCancelledOrder(order.id, at);
      return { order: await orders.getOwned(userId, order.id), refundRowId, shipment };
    });
    if (refundRowId) await refunder.refund(refundRowId);
    if (shipment) await services.shipping.cancelAtCourier(shipment);
    return order;
  };
}
