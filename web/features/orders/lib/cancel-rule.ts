import { CANCEL_WINDOW_MS } from '../../../../common/constants';
import type { DeliveryStatus, Order } from '../../../../common/schemas/order';

/** States a shopper can still cancel from: the order has not left the shop (as server/flows/cancel-order.ts). */
const CANCELLABLE: readonly DeliveryStatus[] = ['Pending', 'Processing'];

/**
 * True when the Cancel button is offered now: within 6 hours of placing, the edge included (the
 * server's rule), and before it ships, is delivered or is cancelled. A timestamp that does not parse
 * offers nothing.
 */
export function canCancelNow(order: Pick<Order, 'orderTimestamp' | 'deliveryStatus'>, now: Date): boolean {
  if (!CANCELLABLE.includes(order.deliveryStatus)) return false;
  const placedAt = Date.parse(order.orderTimestamp);
  if (Number.isNaN(placedAt)) return false;
  return now.getTime() - placedAt <= CANCEL_WINDOW_MS;
}
