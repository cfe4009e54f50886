import { UNPAID_ORDER_TTL_MS } from './constants';
import type { DeliveryStatus, PaymentMode, PaymentStatus } from './schemas/order';

interface OrderState {
  paymentMode: PaymentMode;
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
}

/**
 * An online order still waiting for its payment (DESIGN.md §6): nothing paid yet (Pending, or Failed
 * after a declined attempt) and not moving or cancelled. Only these can be paid again, and only
 * these are deleted 30 minutes after placing; the server and the order pages read it so.
 */
export function awaitingOnlinePayment(order: OrderState): boolean {
  return (
    order.paymentMode === 'ONLINE' &&
    (order.paymentStatus === 'Pending' || order.paymentStatus === 'Failed') &&
    order.deliveryStatus === 'Pending'
  );
}

/** When an unpaid online order placed at `placedAt` is deleted: 30 minutes later (SPEC.md §9). */
export function unpaidOrderExpiresAt(placedAt: Date): Date {
  return new Date(placedAt.getTime() + UNPAID_ORDER_TTL_MS);
}

/** True when an online order placed at `placedAt` is past its 30 minutes at `at` (the edge included). */
export function unpaidOrderExpired(placedAt: Date, at: Date): boolean {
  return at.getTime() >= unpaidOrderExpiresAt(placedAt).getTime();
}
