import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { useSearchProducts } from '../../features/catalog/api/search-products';
import { NoResults } from '../../features/catalog/components/no-results';
import { Pagination } from '../../features/catalog/components/pagination';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/components/product-grid';
import { SearchFilters } from '../../features/catalog/components/search-filters';
import { ActiveFilterChips, SortSelect } from '../../features/catalog/components/search-toolbar';
import {
  activeFilters,
  categoryPath,
  clearedSearch,
  currentPage,
  currentSort,
  describeSearch,
  readSearchParams,
  sortOptions,
  understoodSearch,
} from '../../features/catalog/lib/search-params';
import { CATALOG_TEXT } from '../../features/catalog/texts';
import { likeAction } from '../../features/likes/components/like-button';
import { usePageMeta } from '../../lib/use-page-meta';

export default function SearchPage() {
  const [search] = useSearchParams();
  const params = readSearchParams(search);
  const heading = describeSearch(params);
  usePageMeta(heading, `${heading}: ${CATALOG_TEXT.searchDescription}`);

  const results = useSearchProducts(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filters = activeFilters(params);
  const clearTo = clearedSearch(params);
  const data = results.data;
  const what = params.name ? `'${params.name}'` : categoryPath(params) || 'these filters';

  // Words the server read as filters ("red saree under 1000") move into the URL as those filters, so
  // they show as chips the shopper can remove; the answer for the new URL is the same search.
  const navigate = useNavigate();
  const understood = results.isPlaceholderData ? undefined : data?.understood;
  useEffect(() => {
    if (understood && params.name) {
      navigate({ search: `?${understoodSearch(search, understood)}` }, { replace: true });
    }
  }, [understood, params.name, search, navigate]);

  const empty = data?.products.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 lg:px-6 py-6 sm:py-8">
      <header className="mb-5">
        <h1 className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{heading}</h1>
        <p className="mt-1 text-sm text-stone-700" aria-live="polite">
          {data ? CATALOG_TEXT.productCount(data.total) : '\u00a0'}
        </p>
      </header>

      {/* Nothing found: no filter panel or sort to work with, only the ways on that NoResults offers. */}
      <div className={empty ? '' : 'lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8'}>
        {/* Phones and tablets: a Sort/Filter bar that stays in reach while scrolling, the filters in a sheet. */}
        {!empty && (
          <div className="sticky top-0 z-20 -mx-4 mb-4 flex items-center gap-3 border-b border-stone-200 bg-white/95 px-4 py-2 backdrop-blur lg:hidden">
            <div className="min-w-0 flex-1">
              <SortSelect search={search} value={currentSort(params)} options={sortOptions(params)} compact />
            </div>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setFiltersOpen(true)}
              className="btn-secondary min-h-10 flex-1"
            >
              {CATALOG_TEXT.filters}
              {filters.length > 0 && <span className="nav-count">{filters.length}</span>}
            </button>
          </div>
        )}
        <Modal
          sheet
          open={filtersOpen}
          title={CATALOG_TEXT.filters}
          onClose={() => setFiltersOpen(false)}
          closeLabel={data ? CATALOG_TEXT.showProducts(data.total) : CATALOG_TEXT.close}
          action={
            filters.length > 0 && (
              <Link to={clearTo} className="text-link mr-auto text-sm">
                {CATALOG_TEXT.clearAllFilters}
              </Link>
            )
          }
        >
          <SearchFilters params={params} search={search} facets={data?.facets} />
        </Modal>

        <aside aria-label={CATALOG_TEXT.filters} className="hidden lg:block" hidden={empty}>
          <div className="surface-card p-4 lg:sticky lg:top-4">
            <h2 className="sr-only">{CATALOG_TEXT.filters}</h2>
            <SearchFilters params={params} search={search} facets={data?.facets} />
          </div>
        </aside>

        <section aria-label={heading} className="min-w-0">
          {/* The product cards' names are level-3 headings: this keeps the outline whole where the filters' heading is hidden (phones). */}
          <h2 className="sr-only">{CATALOG_TEXT.searchTitle}</h2>
          <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <ActiveFilterChips search={search} filters={filters} clearTo={clearTo} />
            {!empty && (
              <div className="hidden lg:ml-auto lg:block">
                <SortSelect search={search} value={currentSort(params)} options={sortOptions(params)} />
              </div>
            )}
          </div>

          {results.isError && !data ? (
            <div role="alert" className="py-16 text-center">
              <p className="text-lg text-stone-800">{CATALOG_TEXT.searchError}</p>
              <button type="button" className="btn-primary mt-4" onClick={() => results.refetch()}>
                {CATALOG_TEXT.retry}
              </button>
            </div>
          ) : !data ? (
            <ProductGridSkeleton />
          ) : data.products.length === 0 ? (
            <NoResults
              what={what}
              filters={filters}
              clearTo={clearTo}
              alternatives={data.alternatives}
              action={likeAction}
            />
          ) : (
            <div
              aria-busy={results.isPlaceholderData}
              className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
            >
              <ProductGrid products={data.products} action={likeAction} />
              <Pagination search={search} page={currentPage(params)} pages={data.pages} />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
