import { Link } from 'react-router';
import { formatRs } from '../../../../common/money';
import { CART_TEXT } from '../texts';

interface CartSummaryProps {
  totalPrice: number;
  totalUnits: number;
  checkoutPath?: string;
}

/** The totals in Rs and the way on to checkout. */
export function CartSummary({ totalPrice, totalUnits, checkoutPath = '/checkout' }: CartSummaryProps) {
  return (
    <section aria-labelledby="cart-summary" className="surface-card p-5">
      <h2 id="cart-summary" className="font-display text-xl font-semibold">
        {CART_TEXT.summary}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-700">
            {CART_TEXT.subtotal} ({CART_TEXT.itemCount(totalUnits)})
          </dt>
          <dd className="font-medium">{formatRs(totalPrice)}</dd>
        </div>
        <div className="flex justify-between border-t border-brand-100 pt-3 text-base">
          <dt className="font-semibold">{CART_TEXT.total}</dt>
          <dd className="font-semibold">{formatRs(totalPrice)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-600">{CART_TEXT.shippingNote}</p>
      <Link to={checkoutPath} className="btn-primary mt-5 w-full">
        {CART_TEXT.proceedToCheckout}
      </Link>
    </section>
  );
}
