import { CANCEL_WINDOW_MS } from './constants';
import type { DeliveryStatus } from './schemas/order';

/** States a shopper can still cancel from: the order has not left the shop yet. */
const CANCELLABLE: readonly DeliveryStatus[] = ['Pending', 'Processing'];

/**
 * Why the shopper may not cancel an order at `at`, or null when they may (DESIGN.md §6): the order is
 * already cancelled, has left the shop, or was placed more than 6 hours ago (SPEC.md §9; the edge is
 * included). The server refuses with the reason's message and My Orders offers Cancel only on null,
 * so the button and the answer never disagree. A placing time that is not a date leaves the window
 * closed.
 */
export function cancelRefusal(
  order: { deliveryStatus: DeliveryStatus; placedAt: Date },
  at: Date,
): 'already-cancelled' | 'left-the-shop' | 'window-passed' | null {
  if (order.deliveryStatus === 'Cancelled') return 'already-cancelled';
  if (!CANCELLABLE.includes(order.deliveryStatus)) return 'left-the-shop';
  if (!(at.getTime() - order.placedAt.getTime() <= CANCEL_WINDOW_MS)) return 'window-passed';
  return null;
}
