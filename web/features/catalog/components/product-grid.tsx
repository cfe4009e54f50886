import type { ReactNode } from 'react';
import type { ProductSummary } from '../../../../common/schemas/catalog';
import { CATALOG_TEXT } from '../texts';
import { ProductCard, ProductCardSkeleton } from './product-card';

const GRID = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 sm:gap-x-5 xl:grid-cols-4';

interface ProductGridProps {
  products: ProductSummary[];
  /** A control for each card (a route's likes heart); see ProductCard's `action`. */
  action?: (product: ProductSummary) => ReactNode;
}

export function ProductGrid({ products, action }: ProductGridProps) {
  return (
    <ul className={GRID}>
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} action={action?.(product)} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" className={GRID}>
      <span className="sr-only">{CATALOG_TEXT.loadingProducts}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
