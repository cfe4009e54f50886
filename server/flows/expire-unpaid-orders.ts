import { UNPAID_ORDER_TTL_MS } from '../../common/constants';
import { awaitingOnlinePayment, unpaidOrderExpired } from '../../common/payment-window';
import type { FlowContext } from '../services';

/** Orders expired per transaction batch; the job loops until none is left. */
const BATCH = 100;

/**
 * Deletes online orders still unpaid 30 minutes after placing (SPEC.md §9) and returns their stock
 * (DESIGN.md §6). Each order goes in its own transaction that locks it and checks again that it is
 * still unpaid, so a payment settling at the same moment wins or loses cleanly: a paid order is never
 * touched, and a payment arriving after the deletion finds the payment row marked expired and is
 * refunded. Running it twice deletes nothing more.
 */
export function createExpireUnpaidOrdersFlow({
  services,
  transaction,
  now,
}: FlowContext & { now: () => Date }) {
  return async function expireUnpaidOrders(): Promise<{ expired: number }> {
    const at = now();
    const cutoff = new Date(at.getTime() - UNPAID_ORDER_TTL_MS);
    let expired = 0;
    for (;;) {
      const ids = await services.orders.unpaidOnlineOrderIds(cutoff, BATCH);
      let deletedNow = 0;
      for (const id of ids) {
        const deleted = await transaction(async (tx) => {
          const orders = tx.orders;
          const order = await orders.lockById(id);
          const stillUnpaid =
            order !== undefined && awaitingOnlinePayment(order) && unpaidOrderExpired(order.createdAt, at);
          if (!stillUnpaid) return false;
          const items = await orders.items(id);
          await tx.inventory.returnStock(
            items.map((item) => ({
              productId: item.productId,
              color: item.color,
              size: item.size,
              quantity: item.quantity,
            })),
          );
          await orders.deleteOrder(id);
          await tx.payments.markExpired(id, at);
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
