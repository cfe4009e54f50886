import { Link, useSearchParams } from 'react-router';
import { ArchivedOrdersList } from '../../features/orders/components/archived-orders-list';
import { ARCHIVED_ORDERS_TEXTS as T } from '../../features/orders/texts';
import { usePageMeta } from '../../lib/use-page-meta';

/** /archivedorders (guarded, SPEC.md §2): the shopper's archived orders, `?page=n` for older pages. */
export default function ArchivedOrdersPage() {
  usePageMeta(T.pageTitle, T.subtitle);
  const [params, setParams] = useSearchParams();
  const asked = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8 lg:px-6">
      <header className="mb-6">
        <Link to="/myorders" className="text-link text-sm">
          {T.backLink}
        </Link>
        <h1 className="mt-3 font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{T.pageTitle}</h1>
        <p className="mt-2 text-stone-700">{T.subtitle}</p>
      </header>
      <ArchivedOrdersList
        page={page}
        onPageChange={(next) => {
          setParams(next === 1 ? {} : { page: String(next) });
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
