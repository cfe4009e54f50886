import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { ProductSummary, SearchResult } from '../../../../common/schemas/catalog';
import { SearchIcon } from '../../../components/ui/icons';
import { type ActiveFilter, categorySearch } from '../lib/search-params';
import { CATALOG_TEXT } from '../texts';
import { ProductGrid } from './product-grid';

interface NoResultsProps {
  /** What was searched: "'kurta'", a category path, or "these filters". */
  what: string;
  /** The filters set in the URL; only these are offered for removal. */
  filters: ActiveFilter[];
  /** Where clearing the filters leads. */
  clearTo: string;
  alternatives: SearchResult['alternatives'];
  /** A control for each product card (a route's likes heart). */
  action?: (product: ProductSummary) => ReactNode;
}

/**
 * A search that found nothing: a way on that fits it (clear the filters set, or browse everything
 * when none is), the categories nearest to what was asked, and popular products.
 */
export function NoResults({ what, filters, clearTo, alternatives, action }: NoResultsProps) {
  const categoriesId = useId();
  const popularId = useId();
  const hasFilters = filters.length > 0;
  const categories = alternatives?.categories ?? [];
  const products = alternatives?.products ?? [];
  const [nearest] = categories;
  return (
    <div>
      <div className="flex flex-col items-center py-12 text-center">
        {/* A magnifier, not the block-print medallion: on a results page that wheel read as loading. */}
        <span
          aria-hidden="true"
          className="inline-flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-2 ring-brand-200"
        >
          <SearchIcon className="size-9" />
        </span>
        <p className="mt-6 text-lg font-semibold text-stone-900">{CATALOG_TEXT.noResults(what)}</p>
        <p className="mt-1 text-stone-700">
          {hasFilters ? CATALOG_TEXT.noResultsHint : CATALOG_TEXT.noResultsWordHint}
        </p>
        <Link to={hasFilters ? clearTo : '/search'} className="btn-primary mt-6">
          {hasFilters ? CATALOG_TEXT.clearFilters : CATALOG_TEXT.browseAll}
        </Link>
      </div>
      {categories.length > 0 && (
        <section aria-labelledby={categoriesId} className="mb-10">
          <h2 id={categoriesId} className="mb-3 font-display text-xl font-semibold text-stone-900">
            {CATALOG_TEXT.nearestCategories}
          </h2>
          {/* One line on a phone, scrolled sideways, so the popular products follow close below. */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0 sm:pb-0">
            {categories.map((category) => (
              <li key={category.label} className="shrink-0">
                <Link
                  to={categorySearch(category)}
                  className="inline-flex min-h-10 items-center rounded-full border border-brand-200 bg-white px-4 text-sm font-medium whitespace-nowrap text-stone-800 hover:border-brand-500 hover:text-brand-800"
                >
                  {category.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {products.length > 0 && (
        <section aria-labelledby={popularId}>
          <h2 id={popularId} className="mb-4 font-display text-xl font-semibold text-stone-900">
            {nearest ? CATALOG_TEXT.popularIn(nearest.label) : CATALOG_TEXT.popularNow}
          </h2>
          <ProductGrid products={products} action={action} />
        </section>
      )}
    </div>
  );
}
