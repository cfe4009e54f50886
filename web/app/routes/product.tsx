import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { imageForColor, imagesForColor } from '../../../common/color-images';
import { authPath } from '../../features/auth/lib/redirect';
import { useSession } from '../../features/auth/session';
import { useCart } from '../../features/cart/cart-context';
import { isNotFound, productQueryKey, useProduct } from '../../features/catalog/api/get-product';
import { PriceTag } from '../../features/catalog/components/price-tag';
import { ProductGallery } from '../../features/catalog/components/product-gallery';
import { ProductPurchase, type PurchaseSelection } from '../../features/catalog/components/product-purchase';
import { RatingBadge } from '../../features/catalog/components/rating-badge';
import { colourOptions, firstAvailable } from '../../features/catalog/lib/variants';
import { CATALOG_TEXT } from '../../features/catalog/texts';
import { LikeButton } from '../../features/likes/components/like-button';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { PincodeCheck } from '../../features/shipping/components/pincode-check';
import { usePageMeta } from '../../lib/use-page-meta';

export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const cart = useCart();
  const session = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  // The colour picked on this product; before any pick, the one the purchase panel starts with.
  const [picked, setPicked] = useState<{ productId: string; color: string } | null>(null);
  const data = product.data;
  const notFound = isNotFound(product.error);

  usePageMeta(
    data ? data.name : notFound ? CATALOG_TEXT.productNotFound : '',
    data ? `${data.name} by ${data.brand}. ${data.description}`.slice(0, 160) : undefined,
  );

  if (!data) {
    if (product.isPending) return <ProductSkeleton />;
    return (
      <div role={notFound ? undefined : 'alert'} className="mx-auto max-w-xl px-4 lg:px-6 py-20 text-center">
        <div className="empty-motif mx-auto" aria-hidden="true" />
        <h1 className="mt-6 font-display text-3xl font-semibold">
          {notFound ? CATALOG_TEXT.productNotFound : CATALOG_TEXT.productError}
        </h1>
        {notFound ? (
          <p className="mt-2 text-stone-700">{CATALOG_TEXT.productNotFoundBody}</p>
        ) : (
          <button type="button" className="btn-secondary mt-4" onClick={() => product.refetch()}>
            {CATALOG_TEXT.retry}
          </button>
        )}
        <Link to="/" className="btn-primary mt-6">
          {CATALOG_TEXT.backHome}
        </Link>
      </div>
    );
  }

  const color = picked?.productId === data._id ? picked.color : firstAvailable(colourOptions(data));
  const ownImages = data.colorImages.find((entry) => entry.color === color)?.images.length ?? 0;

  const onAdd = (selection: PurchaseSelection) =>
    cart.addItem(
      {
        _id: data._id,
        // The bag, checkout and the order show the picture of the colour chosen.
        image: imageForColor(data, selection.color),
        name: data.name,
        price: data.price,
        countInStock: selection.countInStock,
        selectedColor: selection.color,
        selectedSize: selection.size,
        isRefundable: data.isRefundable,
      },
      selection.quantity,
    ) === 'added';

  const trail: { label: string; search: Record<string, string> }[] = [
    { label: data.gender, search: { gender: data.gender } },
    { label: data.category, search: { gender: data.gender, category: data.category } },
    {
      label: data.subCategory,
      search: { gender: data.gender, category: data.category, subCategory: data.subCategory },
    },
  ];
  const crumbs = trail.filter((crumb) => crumb.label);

  return (
    <div className="mx-auto max-w-7xl px-4 lg:px-6 py-6 sm:py-8">
      <nav aria-label={CATALOG_TEXT.breadcrumb} className="mb-4 text-sm text-stone-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              {CATALOG_TEXT.home}
            </Link>
          </li>
          {crumbs.map((crumb) => (
            <li key={crumb.label} className="flex items-center gap-1">
              <span aria-hidden="true">›</span>
              <Link
                to={`/search?${new URLSearchParams(crumb.search)}`}
                className="hover:text-brand-700 hover:underline"
              >
                {crumb.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        {/* Keyed by colour too: a new colour opens on its own first picture. */}
        <ProductGallery
          key={`${data._id}|${color ?? ''}`}
          images={imagesForColor(data, color)}
          name={data.name}
          colour={color ?? undefined}
          colourImages={ownImages}
        />

        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{data.brand}</p>
          <div className="mt-1 flex items-start justify-between gap-3">
            <h1 className="font-display text-3xl leading-tight font-semibold text-stone-900 sm:text-4xl">
              {data.name}
            </h1>
            <LikeButton productId={data._id} productName={data.name} variant="page" />
          </div>
          <div className="mt-2">
            <RatingBadge rating={data.rating} numReviews={data.numReviews} />
          </div>
          <div className="mt-4">
            <PriceTag price={data.price} mrp={data.mrp} size="lg" />
            <p className="mt-1 text-xs text-stone-600">{CATALOG_TEXT.inclusiveOfTaxes}</p>
          </div>

          <div className="mt-6 border-t border-brand-100 pt-6">
            <ProductPurchase
              key={data._id}
              product={data}
              onAdd={onAdd}
              onColorChange={(next) => setPicked({ productId: data._id, color: next })}
            />
          </div>

          <p
            className={`mt-6 rounded-lg border px-3 py-2 text-sm ${
              data.isRefundable
                ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                : 'border-stone-200 bg-stone-100 text-stone-800'
            }`}
          >
            {data.isRefundable ? CATALOG_TEXT.refundable : CATALOG_TEXT.notRefundable}
          </p>

          <div className="mt-6">
            <PincodeCheck />
          </div>

          <section aria-labelledby="product-description" className="mt-8">
            <h2 id="product-description" className="font-display text-xl font-semibold">
              {CATALOG_TEXT.description}
            </h2>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-800">{data.description}</p>
          </section>
        </div>
      </div>

      <ReviewsSection
        productId={data._id}
        signedIn={session.isAuthenticated}
        authLoading={session.isAuthLoading}
        signInHref={authPath('login', `${location.pathname}${location.hash}`)}
        // A review changes the product's rating and count shown above.
        onChanged={() => queryClient.invalidateQueries({ queryKey: productQueryKey(data._id) })}
      />
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div role="status" className="mx-auto grid max-w-7xl animate-pulse gap-8 px-4 py-8 md:grid-cols-2">
      <span className="sr-only">{CATALOG_TEXT.loading}</span>
      <div className="aspect-[4/5] rounded-2xl bg-brand-100/70" />
      <div className="space-y-4">
        <div className="h-4 w-24 rounded bg-brand-100/70" />
        <div className="h-9 w-3/4 rounded bg-brand-100/70" />
        <div className="h-7 w-40 rounded bg-brand-100/70" />
        <div className="h-24 rounded bg-brand-100/70" />
      </div>
    </div>
  );
}
