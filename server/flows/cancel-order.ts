import { CANCEL_WINDOW_MS } from '../../common/constants';
import { type DeliveryStatus, ORDER_MESSAGES, type Order } from '../../common/schemas/order';
import type { Db } from '../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { createInventoryService } from '../modules/catalog/inventory.service';
import { createOrderService } from '../modules/order/order.service';

/** States an order can be cancelled from: it has not left the shop yet. */
const CANCELLABLE: readonly DeliveryStatus[] = ['Pending', 'Processing'];

export interface CancelOrderDeps {
  db: Db;
  now: () => Date;
}

/** True while the shopper may still cancel: within 6 hours of placing (SPEC.md §9), the edge included. */
export function withinCancelWindow(placedAt: Date, at: Date): boolean {
  return at.getTime() - placedAt.getTime() <= CANCEL_WINDOW_MS;
}

/**
 * The shopper cancels an order (DESIGN.md §6): within the cancel window and before it ships. The
 * order row is locked first, so two cancels at once return the stock once; the stock returns in the
 * same transaction as the status change and its history entry.
 */
export function createCancelOrderFlow({ db, now }: CancelOrderDeps) {
  return async function cancelOrder(userId: string, orderId: string, reason: string): Promise<Order> {
    return db.transaction(async (tx) => {
      const orders = createOrderService(tx);
      const order = await orders.lockOwned(userId, orderId);
      if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
      if (order.deliveryStatus === 'Cancelled') {
        throw new ConflictError(ORDER_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
      }
      if (!CANCELLABLE.includes(order.deliveryStatus)) {
        throw new ConflictError(ORDER_MESSAGES.cancelShipped, 'CANCEL_NOT_ALLOWED');
      }
      const at = now();
      if (!withinCancelWindow(order.createdAt, at)) {
        throw new ConflictError(ORDER_MESSAGES.cancelWindow, 'CANCEL_WINDOW_PASSED');
      }
      const items = await orders.items(order.id);
      await createInventoryService(tx).returnStock(
        items.map((item) => ({
          productId: item.productId,
          color: item.color,
          size: item.size,
          quantity: item.quantity,
        })),
      );
      await orders.changeStatus(order.id, {
        deliveryStatus: 'Cancelled',
        // Nothing has been paid on a cancellable order yet (COD pays on delivery; online payment,
        // and the refund of a paid order, come with the payment slice).
        paymentStatus: order.paymentStatus,
        actor: 'customer',
        actorUserId: userId,
        note: reason ? `Cancelled by the customer: ${reason}` : 'Cancelled by the customer.',
        at,
      });
      return orders.getOwned(userId, order.id);
    });
  };
}
