import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../../common/schemas/catalog';
import { CATALOG_TEXT } from '../texts';
import { ProductCard, ProductCardSkeleton } from './product-card';

interface ProductRailProps {
  id: string;
  title: string;
  /** Where "View all" leads, if the section has a full list. */
  viewAllTo?: string;
  children: ReactNode;
}

/** A titled home section: a swipeable row on phones, a grid on wide screens. */
export function ProductRail({ id, title, viewAllTo, children }: ProductRailProps) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 lg:px-6 py-8">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
          {title}
        </h2>
        {viewAllTo && (
          <Link to={viewAllTo} className="text-link shrink-0 text-sm">
            {CATALOG_TEXT.viewAll}
            <span className="sr-only"> {title}</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

const ROW =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:gap-5 lg:mx-0 lg:grid lg:grid-cols-6 lg:gap-y-8 lg:overflow-visible lg:px-0';
const CELL = 'w-[44%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-auto';

export function ProductRow({
  products,
  action,
}: {
  products: ProductSummary[];
  /** A control for each card (a route's likes heart); see ProductCard's `action`. */
  action?: (product: ProductSummary) => ReactNode;
}) {
  return (
    <ul className={ROW}>
      {products.map((product) => (
        <li key={product._id} className={CELL}>
          <ProductCard product={product} action={action?.(product)} />
        </li>
      ))}
    </ul>
  );
}

export function ProductRowSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div className={ROW} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
        <div key={i} className={CELL}>
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
