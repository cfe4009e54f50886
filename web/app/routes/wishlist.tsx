import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/components/product-grid';
import { likeAction } from '../../features/likes/components/like-button';
import { LikedProducts } from '../../features/likes/components/liked-products';
import { useLikes } from '../../features/likes/likes-context';
import { LIKES_TEXT } from '../../features/likes/texts';
import { usePageMeta } from '../../lib/use-page-meta';

/** /wishlist: the liked products of a guest (kept on this device) or of the signed-in shopper. */
export default function WishlistPage() {
  usePageMeta(LIKES_TEXT.pageTitle, LIKES_TEXT.pageDescription);
  const { ready, userId } = useLikes();

  return (
    <div className="mx-auto max-w-7xl px-4 lg:px-6 py-6 sm:py-8">
      <header className="mb-5">
        <h1 className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
          {LIKES_TEXT.pageTitle}
        </h1>
        {ready && !userId && <p className="mt-1 text-sm text-stone-700">{LIKES_TEXT.guestNote}</p>}
      </header>
      <LikedProducts
        loading={<ProductGridSkeleton count={4} />}
        renderProducts={(products) => <ProductGrid products={products} action={likeAction} />}
      />
    </div>
  );
}
