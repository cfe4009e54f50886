import { Link } from 'react-router';
import { formatRs } from '../../../../common/money';
import type { Order } from '../../../../common/schemas/order';
import { CONFIRMATION_TEXTS as T } from '../texts';
import { OnlinePayment } from './online-payment';

/**
 * The page after a placed order: its number, what to pay on delivery or the online payment (opened,
 * verified, or failed), and the way to My Orders.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  return (
    <section className="surface-card mx-auto max-w-xl p-6 text-center sm:p-8">
      <div className="empty-motif mx-auto" aria-hidden="true" />
      <h1 className="mt-4 font-display text-2xl font-semibold text-stone-900 sm:text-3xl">{T.heading}</h1>
      <p className="mt-4 text-stone-700">{T.orderNumber}</p>
      <p className="font-mono text-xl font-semibold break-all text-brand-900" data-testid="order-number">
        {order.orderNumber}
      </p>
      {order.paymentMode === 'COD' ? (
        <p className="mt-4 text-stone-700">{T.codNote(formatRs(order.totalPrice))}</p>
      ) : (
        <OnlinePayment order={order} />
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/myorders" className="btn-primary">
          {T.myOrders}
        </Link>
        <Link to="/" className="btn-secondary">
          {T.keepShopping}
        </Link>
      </div>
    </section>
  );
}
