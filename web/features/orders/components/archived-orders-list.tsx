import { Pager } from '../../../components/ui/pager';
import { HttpError } from '../../../lib/api-client';
import { useArchivedOrders } from '../api/archived-orders';
import { ARCHIVED_ORDERS_TEXTS as T } from '../texts';
import { ArchivedOrderCard } from './archived-order-card';

interface ArchivedOrdersListProps {
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * The archived orders, a page at a time (SPEC.md §2, §8): "Loading orders..." while a page loads,
 * "No archived orders found." when there are none, and on failure the server's message (or "Failed
 * to load archived orders.") with the list cleared and the page count back at one. Previous and Next
 * stay in place with "Page X of Y", each disabled at its end.
 */
export function ArchivedOrdersList({ page, onPageChange }: ArchivedOrdersListProps) {
  const archived = useArchivedOrders(page);
  const loading = archived.isPending || archived.isPlaceholderData;
  const failed = archived.isError && !loading;
  const orders = failed || loading ? [] : (archived.data?.orders ?? []);
  // No archived orders answer 0 pages; the pager still reads "Page 1 of 1".
  const pages = failed ? 1 : Math.max(1, archived.data?.pages ?? 1);
  const errorMessage =
    (archived.error instanceof HttpError ? HttpError.messageOf(archived.error.data) : undefined) ||
    T.loadError;

  return (
    <div className="space-y-4">
      {loading ? (
        <p role="status" className="py-8 text-center text-stone-700">
          {T.loading}
        </p>
      ) : failed ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {errorMessage}
        </p>
      ) : orders.length === 0 ? (
        <p className="py-8 text-center text-stone-700">{T.empty}</p>
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.id}>
              <ArchivedOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPageChange={onPageChange} label="Pages" className="pt-2" />
    </div>
  );
}
