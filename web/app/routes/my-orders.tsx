import { useSearchParams } from 'react-router';
import { MyOrdersList } from '../../features/orders/components/my-orders-list';
import { MY_ORDERS_TEXTS } from '../../features/orders/texts';
import { usePageMeta } from '../../lib/use-page-meta';

/** /myorders (guarded, SPEC.md §2): the shopper's orders, `?page=n` for older pages. */
export default function MyOrdersPage() {
  usePageMeta(MY_ORDERS_TEXTS.pageTitle, MY_ORDERS_TEXTS.pageDescription);
  const [params, setParams] = useSearchParams();
  const asked = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8 lg:px-6">
      <header className="mb-6">
        <h1 className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
          {MY_ORDERS_TEXTS.pageTitle}
        </h1>
      </header>
      <MyOrdersList
        page={page}
        onPageChange={(next) => {
          setParams(next === 1 ? {} : { page: String(next) });
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
