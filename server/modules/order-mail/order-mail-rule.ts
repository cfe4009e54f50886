import type { DeliveryStatus, PaymentMode } from '../../../common/schemas/order';
import type { OrderStatuses } from '../order/order.service';

/** The mails an order sends its shopper, at most one per history entry so one change never mails twice. */
export const ORDER_MAIL_KINDS = [
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'refundInitiated',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** An order is confirmed only while it has not left the shop and is still wanted. */
const CONFIRMABLE: readonly DeliveryStatus[] = ['Pending', 'Processing'];

/**
 * Which mail a history entry means, from the entry and the one before it (null for an order's first).
 * An unpaid online order was never confirmed to the shopper, so while its payment is pending or failed
 * nothing about it is mailed (it is deleted after 30 minutes, or paid and then confirmed). When one
 * entry changes several things at once, the most important wins: a cancellation (its mail tells of
 * the refund when the same entry starts one) over a refund, over the confirmation, over delivery and
 * shipping.
 */
export function orderMailKind(
  paymentMode: PaymentMode,
  previous: OrderStatuses | null,
  current: OrderStatuses,
): OrderMailKind | null {
  const became = <K extends keyof OrderStatuses>(key: K, value: OrderStatuses[K]) =>
    current[key] === value && previous?.[key] !== value;

  if (paymentMode === 'ONLINE' && ['Pending', 'Failed'].includes(current.paymentStatus)) return null;
  if (became('deliveryStatus', 'Cancelled')) return 'cancelled';
  if (became('paymentStatus', 'Refund Initiated')) return 'refundInitiated';
  // Cash on delivery is confirmed when placed; an online order when its payment arrives.
  const confirmed = paymentMode === 'COD' ? previous === null : became('paymentStatus', 'Paid');
  if (confirmed && CONFIRMABLE.includes(current.deliveryStatus)) return 'confirmed';
  if (became('deliveryStatus', 'Delivered')) return 'delivered';
  if (became('deliveryStatus', 'Shipped')) return 'shipped';
  return null;
}
