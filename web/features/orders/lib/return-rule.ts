import { RETURN_WINDOW_MS } from '../../../../common/constants';
import { deliveredAtOf, withinReturnWindow } from '../../../../common/return-window';
import type { Order } from '../../../../common/schemas/order';

type ReturnableOrder = Pick<Order, 'deliveryStatus' | 'history' | 'items' | 'returnRequest'>;

/**
 * Until when a return may be requested, or undefined when it may not be now: the order is delivered,
 * has no request yet (one per order), holds a refundable item, and its delivery (from the history) is
 * at most 7 days ago, the edge included: the server's rules (server/flows/request-return.ts).
 */
export function returnOpenUntil(order: ReturnableOrder, now: Date): Date | undefined {
  if (order.deliveryStatus !== 'Delivered' || order.returnRequest) return undefined;
  if (!order.items.some((item) => item.isRefundable)) return undefined;
  const deliveredAt = deliveredAtOf(order.history);
  if (!deliveredAt || !withinReturnWindow(deliveredAt, now)) return undefined;
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_MS);
}
