import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation';
import { CONFIRMATION_TEXTS } from '../../features/orders/texts';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /order-confirmed/{id} (guarded): the confirmation after a placed order. Right after placing, the
 * order is already in the query cache; after a reload it is read with `GET /api/order/{id}`.
 */
export default function OrderConfirmedPage() {
  usePageMeta(CONFIRMATION_TEXTS.pageTitle, CONFIRMATION_TEXTS.pageDescription);
  const { id = '' } = useParams();
  const order = useOrder(id);
  let body: ReactNode;
  if (order.isPending) body = <p role="status">{CONFIRMATION_TEXTS.loading}</p>;
  else if (order.isError) body = <p role="alert">{CONFIRMATION_TEXTS.loadError}</p>;
  else body = <OrderConfirmation order={order.data} />;
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">{body}</div>;
}
