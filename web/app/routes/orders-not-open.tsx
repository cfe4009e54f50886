import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';

/** Titles of the signed-in order pages that the orders release builds. */
const TITLES: Record<string, string> = {
  '/checkout': 'Checkout',
  '/myorders': 'My Orders',
  '/archivedorders': 'Archived Orders',
};

export const ORDERS_NOT_OPEN_TEXT =
  'Online ordering is not open in this version of the shop yet, so there is nothing to show here. Your cart is kept on this device until it opens.';

/**
 * The guarded order pages (SPEC.md §2) before ordering exists: signed-in shoppers reach them from the
 * navigation and read plainly that ordering is not open, instead of a "page not found".
 */
export default function OrdersNotOpenPage() {
  const { pathname } = useLocation();
  const title = TITLES[pathname] ?? 'Orders';
  usePageMeta(title, ORDERS_NOT_OPEN_TEXT);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="font-display text-3xl text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-700">{ORDERS_NOT_OPEN_TEXT}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/cart" className="btn-primary px-6">
          Go to cart
        </Link>
        <Link to="/" className="rounded-full border border-stone-300 px-6 py-3 font-semibold text-stone-800">
          Keep shopping
        </Link>
      </div>
    </section>
  );
}
