import type { DeliveryStatus } from '../../../common/schemas/order';

/** The colour of a delivery status, the same in the list and on the order: calm for done, warm for waiting. */
const TONE: Record<DeliveryStatus, string> = {
  Pending: 'bg-stone-100 text-stone-700',
  Processing: 'bg-amber-100 text-amber-900',
  Shipped: 'bg-sky-100 text-sky-900',
  'Out for Delivery': 'bg-sky-100 text-sky-900',
  Delivered: 'bg-emerald-100 text-emerald-900',
  Cancelled: 'bg-stone-200 text-stone-700',
  Failed: 'bg-red-100 text-red-900',
  'Return Requested': 'bg-amber-100 text-amber-900',
  'Return Approved': 'bg-amber-100 text-amber-900',
  Returned: 'bg-stone-200 text-stone-700',
  'Return Rejected': 'bg-stone-200 text-stone-700',
};

export function StatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${TONE[status]}`}>
      {status}
    </span>
  );
}
