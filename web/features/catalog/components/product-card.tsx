import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZES, productImageSrcSet, productImageUrl } from '../../../../common/images';
import type { ProductSummary } from '../../../../common/schemas/catalog';
import { CATALOG_TEXT, LOW_STOCK_THRESHOLD } from '../texts';
import { PriceTag } from './price-tag';
import { RatingBadge } from './rating-badge';

const { width, height } = PRODUCT_IMAGE_SIZES.sm;
const CARD_SIZES = '(min-width: 1280px) 18rem, (min-width: 640px) 30vw, 45vw';

/**
 * A product in a list: image, name, brand, price, rating and stock hints, linking to its page.
 * `action` (a route's control, such as the likes heart) floats over the image's top-right corner,
 * above the card-wide link.
 */
export function ProductCard({ product, action }: { product: ProductSummary; action?: ReactNode }) {
  const soldOut = product.countInStock <= 0;
  const lowStock = !soldOut && product.countInStock <= LOW_STOCK_THRESHOLD;
  return (
    <article className="group relative flex h-full flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-xl bg-brand-50">
        <img
          src={productImageUrl(product.image, 'sm')}
          srcSet={productImageSrcSet(product.image)}
          sizes={CARD_SIZES}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          alt=""
          className={`size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] ${soldOut ? 'opacity-60 grayscale' : ''}`}
        />
        {soldOut && (
          <span className="absolute top-2 left-2 rounded-full bg-stone-900 px-2.5 py-1 text-xs font-semibold text-white">
            {CATALOG_TEXT.soldOut}
          </span>
        )}
      </div>
      {action && <div className="absolute top-1.5 right-1.5 z-10">{action}</div>}
      <div className="mt-2 flex flex-1 flex-col gap-1">
        <p className="text-xs font-medium tracking-wide text-stone-600 uppercase">{product.brand}</p>
        <h3 className="line-clamp-2 text-sm leading-snug font-medium text-stone-900">
          {/* The link covers the whole card (see the ::after), while its name stays just the product's. */}
          <Link
            to={`/product/${encodeURIComponent(product._id)}`}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
          >
            {product.name}
          </Link>
        </h3>
        <PriceTag price={product.price} mrp={product.mrp} />
        <RatingBadge rating={product.rating} numReviews={product.numReviews} />
        {lowStock && (
          <p className="text-xs font-semibold text-brand-700">
            {CATALOG_TEXT.onlyLeft(product.countInStock)}
          </p>
        )}
      </div>
    </article>
  );
}

/** A placeholder shaped like a card while products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-2">
      <div className="aspect-[4/5] rounded-xl bg-brand-100/70" />
      <div className="h-3 w-1/3 rounded bg-brand-100/70" />
      <div className="h-4 w-5/6 rounded bg-brand-100/70" />
      <div className="h-4 w-1/2 rounded bg-brand-100/70" />
    </div>
  );
}
