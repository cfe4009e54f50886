import { awaitingOnlinePayment, unpaidOrderExpiresAt } from '../../../../common/payment-window';
import type { DeliveryStatus, Order } from '../../../../common/schemas/order';

/** What an order's page says first (its heading and its title). */
export type Headline =
  | 'placed'
  | 'delivered'
  | 'returned'
  | 'cancelled'
  | 'undelivered'
  | 'payment-failed'
  | 'payment-pending';

/** What the shopper owes on the order now. */
export type Due =
  /** An online order waiting for its payment, deleted at `payBy` if none comes. */
  | { kind: 'pay-online'; payBy: Date }
  | { kind: 'cash-on-delivery' }
  | {
      kind: 'nothing';
      /** How it was paid, if it was and nothing went back. */
      paid: 'online' | 'on-delivery' | null;
      refund: 'initiated' | 'refunded' | null;
    };

export interface OrderOutcome {
  headline: Headline;
  due: Due;
}

/** After delivery, while a return is asked for or decided, the order still reads as delivered. */
const DELIVERED: readonly DeliveryStatus[] = [
  'Delivered',
  'Return Requested',
  'Return Approved',
  'Return Rejected',
];

/**
 * What an order's state means to the shopper (DESIGN.md §6): a cancelled order or one that could not
 * be delivered owes nothing (and says whether a payment is being refunded); an online order not paid
 * yet is not confirmed and must be paid before it expires; a cash-on-delivery order owes its total on
 * delivery; a paid one owes nothing.
 */
export function orderOutcome(
  order: Pick<Order, 'paymentMode' | 'paymentStatus' | 'deliveryStatus' | 'orderTimestamp'>,
): OrderOutcome {
  const { paymentMode, paymentStatus, deliveryStatus } = order;
  const refund =
    paymentStatus === 'Refund Initiated' ? 'initiated' : paymentStatus === 'Refunded' ? 'refunded' : null;
  if (deliveryStatus === 'Cancelled' || deliveryStatus === 'Failed') {
    return {
      headline: deliveryStatus === 'Cancelled' ? 'cancelled' : 'undelivered',
      due: { kind: 'nothing', paid: null, refund },
    };
  }
  if (awaitingOnlinePayment(order)) {
    return {
      headline: paymentStatus === 'Failed' ? 'payment-failed' : 'payment-pending',
      due: { kind: 'pay-online', payBy: unpaidOrderExpiresAt(new Date(order.orderTimestamp)) },
    };
  }
  const headline: Headline =
    deliveryStatus === 'Returned' ? 'returned' : DELIVERED.includes(deliveryStatus) ? 'delivered' : 'placed';
  if (paymentMode === 'COD' && paymentStatus === 'Pending')
    return { headline, due: { kind: 'cash-on-delivery' } };
  const paid = paymentStatus === 'Paid' ? (paymentMode === 'COD' ? 'on-delivery' : 'online') : null;
  return { headline, due: { kind: 'nothing', paid, refund } };
}

/** Milliseconds left to pay at `now`, never below 0. */
export function msLeftToPay(payBy: Date, now: Date): number {
  return Math.max(0, payBy.getTime() - now.getTime());
}

/** "24:07": minutes and seconds left, rounded up to the second, so 0:00 shows only when time is up. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "3:35 pm": the time an unpaid order expires, in the shopper's clock. */
export function formatPayBy(payBy: Date): string {
  return payBy.toLocaleTimeString('en-IN', { timeStyle: 'short' });
}

/**
 * The payment status My Orders shows beside the payment mode, or null for "nothing due": a cancelled
 * or undelivered order that was never paid is not "Pending", since nothing will ever be collected.
 */
export function shownPaymentStatus(
  order: Pick<Order, 'paymentStatus' | 'deliveryStatus'>,
): Order['paymentStatus'] | null {
  const stopped = order.deliveryStatus === 'Cancelled' || order.deliveryStatus === 'Failed';
  const unpaid = order.paymentStatus === 'Pending' || order.paymentStatus === 'Failed';
  return stopped && unpaid ? null : order.paymentStatus;
}
