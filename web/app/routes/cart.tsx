import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatRs } from '../../../common/money';
import { PhoneActionBar, usePhoneLayout } from '../../components/ui/phone-action-bar';
import { useCart } from '../../features/cart/cart-context';
import { lineKey } from '../../features/cart/cart-logic';
import { CartLine } from '../../features/cart/components/cart-line';
import { CartSummary, CheckoutLink } from '../../features/cart/components/cart-summary';
import { CART_TEXT } from '../../features/cart/texts';
import { usePageMeta } from '../../lib/use-page-meta';

export default function CartPage() {
  usePageMeta(CART_TEXT.pageTitle, CART_TEXT.pageDescription);
  const cart = useCart();
  const { refreshPrices } = cart;
  const phone = usePhoneLayout();

  // Re-read prices once when the cart opens (the ref keeps StrictMode's second effect run from repeating it).
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    void refreshPrices();
  }, [refreshPrices]);

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <div className="empty-motif" aria-hidden="true" />
        <h1 className="mt-6 font-display text-3xl font-semibold">{CART_TEXT.emptyTitle}</h1>
        <p className="mt-2 text-stone-700">{CART_TEXT.emptyBody}</p>
        <Link to="/" className="btn-primary mt-6">
          {CART_TEXT.shopLink}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 lg:px-6 py-6 sm:py-8">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-semibold sm:text-4xl">
          {CART_TEXT.pageTitle}{' '}
          <span className="text-base font-normal text-stone-700">
            ({CART_TEXT.itemCount(cart.totalUnits)})
          </span>
        </h1>
        <button
          type="button"
          onClick={cart.clearCart}
          className="min-h-10 shrink-0 rounded-lg px-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {CART_TEXT.clearCart}
        </button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-label={CART_TEXT.pageTitle} className="surface-card px-4 sm:px-5">
          <ul className="divide-y divide-brand-100">
            {cart.items.map((item) => (
              <CartLine
                key={lineKey(item)}
                item={item}
                onIncrement={() => cart.incrementItem(item)}
                onDecrement={() => cart.decrementItem(item)}
                onRemove={() => cart.removeItem(item)}
              />
            ))}
          </ul>
        </section>
        <div className="lg:sticky lg:top-4">
          <CartSummary totalPrice={cart.totalPrice} totalUnits={cart.totalUnits} withCheckoutLink={!phone} />
        </div>
      </div>
      {phone && (
        <PhoneActionBar label={CART_TEXT.total} total={formatRs(cart.totalPrice)}>
          <CheckoutLink className="shrink-0 px-5" />
        </PhoneActionBar>
      )}
    </div>
  );
}
