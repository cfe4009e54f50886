import { UNPAID_ORDER_TTL_MS } from '../../common/constants';
import type { Db } from '../db/client';
import { createInventoryService } from '../modules/catalog/inventory.service';
import { createOrderService } from '../modules/order/order.service';
import { createPaymentsService } from '../modules/payments/payments.service';

/** Orders expired per transaction batch; the job loops until none is left. */
const BATCH = 100;

/** True when an online order placed at `placedAt` is past its 30 minutes at `at` (the edge included). */
export function unpaidOrderExpired(placedAt: Date, at: Date): boolean {
  return at.getTime() - placedAt.getTime() >= UNPAID_ORDER_TTL_MS;
}

/**
 * Deletes online orders still unpaid 30 minutes after placing (SPEC.md §9) and returns their stock
 * (DESIGN.md §6). Each order goes in its own transaction that locks it and checks again that it is
 * still unpaid, so a payment settling at the same moment wins or loses cleanly: a paid order is never
 * touched, and a payment arriving after the deletion finds the payment row marked expired and is
 * refunded. Running it twice deletes nothing more.
 */
export function createExpireUnpaidOrdersFlow({ db, now }: { db: Db; now: () => Date }) {
  return async function expireUnpaidOrders(): Promise<{ expired: number }> {
    const at = now();
    const cutoff = new Date(at.getTime() - UNPAID_ORDER_TTL_MS);
    let expired = 0;
    for (;;) {
      const ids = await createOrderService(db).unpaidOnlineOrderIds(cutoff, BATCH);
      let deletedNow = 0;
      for (const id of ids) {
        const deleted = await db.transaction(async (tx) => {
          const orders = createOrderService(tx);
          const order = await orders.lockById(id);
          const stillUnpaid =
            order?.paymentMode === 'ONLINE' &&
            (order.paymentStatus === 'Pending' || order.paymentStatus === 'Failed') &&
            order.deliveryStatus === 'Pending' &&
            unpaidOrderExpired(order.createdAt, at);
          if (!stillUnpaid) return false;
          const items = await orders.items(id);
          await createInventoryService(tx).returnStock(
            items.map((item) => ({
              productId: item.productId,
              color: item.color,
              size: item.size,
              quantity: item.quantity,
            })),
          );
          await orders.deleteOrder(id);
          await createPaymentsService(tx).markExpired(id, at);
          return true;
        });
        if (deleted) deletedNow += 1;
      }
      expired += deletedNow;
      // A short batch was the last; a full one where nothing could go (all paid meanwhile) ends it too.
      if (ids.length < BATCH || deletedNow === 0) return { expired };
    }
  };
}
