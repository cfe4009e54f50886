import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation';
import { OrderDetail } from '../../features/orders/components/order-detail';
import { orderOutcome } from '../../features/orders/lib/order-outcome';
import { CONFIRMATION_TEXTS } from '../../features/orders/texts';
import { HttpError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /order-confirmed/{id} (guarded): the order's page, after placing it and from My Orders: titled by its
 * state, what is due, then the order in full with the actions allowed now. Right after
 * placing, the order is already in the query cache; after a reload it is read with `GET /api/order/{id}`.
 */
export default function OrderConfirmedPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const title = order.data
    ? CONFIRMATION_TEXTS.titles[orderOutcome(order.data).headline]
    : CONFIRMATION_TEXTS.pageTitle;
  usePageMeta(title, CONFIRMATION_TEXTS.pageDescription);
  let body: ReactNode;
  if (order.isPending) body = <p role="status">{CONFIRMATION_TEXTS.loading}</p>;
  else if (order.error instanceof HttpError && order.error.status === 404) {
    body = (
      <div className="surface-card mx-auto max-w-xl p-6 text-center sm:p-8">
        <p role="alert" className="text-stone-800">
          {CONFIRMATION_TEXTS.notFound}
        </p>
        <Link to="/myorders" className="btn-primary mt-6">
          {CONFIRMATION_TEXTS.myOrders}
        </Link>
      </div>
    );
  } else if (order.isError) body = <p role="alert">{CONFIRMATION_TEXTS.loadError}</p>;
  else {
    body = (
      <>
        <OrderConfirmation order={order.data} />
        <div className="mx-auto mt-6 max-w-2xl">
          <OrderDetail order={order.data} />
        </div>
      </>
    );
  }
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">{body}</div>;
}
