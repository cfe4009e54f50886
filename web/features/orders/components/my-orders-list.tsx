import { useCallback } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../common/schemas/order';
import { toast } from '../../../components/ui/toast';
import { HttpError } from '../../../lib/api-client';
import { useCancelOrderMutation } from '../api/cancel-order';
import { useMyOrders } from '../api/my-orders';
import { useNow } from '../lib/use-now';
import { MY_ORDERS_TEXTS as T } from '../texts';
import { OrderCard } from './order-card';

interface MyOrdersListProps {
  page: number;
  onPageChange: (page: number) => void;
}

/** My Orders: the shopper's orders newest first, a page at a time, each with the actions allowed now. */
export function MyOrdersList({ page, onPageChange }: MyOrdersListProps) {
  const orders = useMyOrders(page);
  const cancel = useCancelOrderMutation();
  const now = useNow();
  const { mutateAsync } = cancel;

  const onCancel = useCallback(
    async (order: Order) => {
      try {
        const cancelled = await mutateAsync(order._id);
        toast.success(T.cancelled(cancelled.orderNumber));
      } catch (error) {
        const message = error instanceof HttpError ? HttpError.messageOf(error.data) : undefined;
        toast.error(message ?? T.cancelFailed);
      }
    },
    [mutateAsync],
  );

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
            <OrderCard
              order={order}
              now={now}
              onCancel={onCancel}
              cancelling={cancel.isPending && cancel.variables === order._id}
            />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3 pt-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {T.previous}
          </button>
          <span className="text-sm text-stone-700">{T.pageOf(page, pages)}</span>
          <button
            type="button"
            className="btn-secondary"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            {T.next}
          </button>
        </nav>
      )}
    </div>
  );
}
