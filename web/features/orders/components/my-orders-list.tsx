import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { useMyOrders } from '../api/my-orders';
import { useNow } from '../lib/use-now';
import { MY_ORDERS_TEXTS as T } from '../texts';
import { OrderSummaryCard } from './order-summary-card';

interface MyOrdersListProps {
  page: number;
  onPageChange: (page: number) => void;
}

/** The way to the archive, under My Orders whatever it shows (SPEC.md §2). */
function ArchiveLink() {
  return (
    <p className="mt-8 border-t border-brand-100 pt-4 text-sm text-stone-700">
      <Link to="/archivedorders" className="text-link">
        {T.archiveLink}
      </Link>
      <span className="block pt-1">{T.archiveNote}</span>
    </p>
  );
}

/** My Orders: the shopper's orders newest first, a page at a time, each a compact card leading to the order. */
export function MyOrdersList(props: MyOrdersListProps) {
  return (
    <>
      <OrdersPage {...props} />
      <ArchiveLink />
    </>
  );
}

function OrdersPage({ page, onPageChange }: MyOrdersListProps) {
  const orders = useMyOrders(page);
  const now = useNow();

  if (orders.isPending) return <p role="status">{T.loading}</p>;
  if (orders.isError) {
    return (
      <div role="alert">
        <p className="text-stone-800">{T.loadError}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => void orders.refetch()}>
          {T.retry}
        </button>
      </div>
    );
  }
  const { orders: list, pages } = orders.data;
  if (list.length === 0 && page === 1) {
    return (
      <div className="flex flex-col items-center py-12 text-center">
        <div className="empty-motif" aria-hidden="true" />
        <p className="mt-4 text-stone-700">{T.empty}</p>
        <Link to="/" className="btn-primary mt-6">
          {T.shopLink}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {list.map((order) => (
          <li key={order._id}>
            <OrderSummaryCard order={order} now={now} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Pager page={page} pages={pages} onPageChange={onPageChange} label="Pages" className="pt-2" />
      )}
    </div>
  );
}
