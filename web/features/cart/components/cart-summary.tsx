import { Link } from 'react-router';
import { formatRs } from '../../../../common/money';
import { CART_TEXT } from '../texts';

interface CartSummaryProps {
  totalPrice: number;
  totalUnits: number;
  /** False on phones, where the way on to checkout sits in the bar at the bottom of the screen. */
  withCheckoutLink?: boolean;
}

/** The way on to checkout: "Proceed to checkout". */
export function CheckoutLink({ className = '' }: { className?: string }) {
  return (
    <Link to="/checkout" className={`btn-primary ${className}`}>
      {CART_TEXT.proceedToCheckout}
    </Link>
  );
}

/** The totals in Rs and the way on to checkout. */
export function CartSummary({ totalPrice, totalUnits, withCheckoutLink = true }: CartSummaryProps) {
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
      {withCheckoutLink && <CheckoutLink className="mt-5 w-full" />}
    </section>
  );
}
