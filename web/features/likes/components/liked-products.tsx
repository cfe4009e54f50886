import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../../common/schemas/catalog';
import { useLikedProductsQuery } from '../api/get-liked-products';
import { useLikes } from '../likes-context';
import { LIKES_TEXT } from '../texts';

interface LikedProductsProps {
  /**
   * Draws the liked products (a route passes the catalog's grid with a heart on each card: features
   * do not import each other). They come newest like first.
   */
  renderProducts: (products: ProductSummary[]) => ReactNode;
  /** Drawn while the list loads; a short status line by default. */
  loading?: ReactNode;
}

/**
 * The shopper's liked products, for guests and signed-in shoppers alike: the list, a loading state,
 * an error with a retry, and an empty state. A product unliked here leaves the list at once.
 */
export function LikedProducts({ renderProducts, loading }: LikedProductsProps) {
  const { ids, likedIds, ready, userId } = useLikes();
  const query = useLikedProductsQuery(
    userId ? { signedIn: true, userId } : { signedIn: false, ids },
    ready && ids.length > 0,
  );

  if (!ready || (ids.length > 0 && query.isPending)) {
    return (
      loading ?? (
        <p role="status" className="py-12 text-center text-stone-700">
          {LIKES_TEXT.loading}
        </p>
      )
    );
  }

  const products = (query.data ?? []).filter((product) => likedIds.has(product._id));
  if (ids.length === 0 || (query.isSuccess && !query.isPlaceholderData && products.length === 0)) {
    return (
      <div className="flex flex-col items-center py-16 text-center">
        <div className="empty-motif" aria-hidden="true" />
        <p className="mt-6 text-lg font-semibold text-stone-900">{LIKES_TEXT.emptyTitle}</p>
        <p className="mt-1 text-stone-700">{LIKES_TEXT.emptyBody}</p>
        <Link to="/search" className="btn-primary mt-6">
          {LIKES_TEXT.browse}
        </Link>
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <div role="alert" className="py-16 text-center">
        <p className="text-lg text-stone-800">{LIKES_TEXT.loadError}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => query.refetch()}>
          {LIKES_TEXT.retry}
        </button>
      </div>
    );
  }

  return (
    <div>
      <p className="mb-4 text-sm text-stone-700" aria-live="polite">
        {LIKES_TEXT.count(products.length)}
      </p>
      {renderProducts(products)}
    </div>
  );
}
