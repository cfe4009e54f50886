import { useHomeSections } from '../../features/catalog/api/get-home-sections';
import { CategoryTiles } from '../../features/catalog/components/category-tiles';
import { GenderLinks } from '../../features/catalog/components/gender-links';
import { HomeHero } from '../../features/catalog/components/home-hero';
import { ProductRail, ProductRow, ProductRowSkeleton } from '../../features/catalog/components/product-rail';
import { CATALOG_TEXT } from '../../features/catalog/texts';
import { likeAction } from '../../features/likes/components/like-button';
import { usePageMeta } from '../../lib/use-page-meta';

const SECTIONS = [
  {
    key: 'newArrivals',
    id: 'home-new-arrivals',
    title: CATALOG_TEXT.newArrivals,
    viewAllTo: '/search?sort=newest',
  },
  { key: 'bestSellers', id: 'home-best-sellers', title: CATALOG_TEXT.bestSellers, viewAllTo: undefined },
  { key: 'deals', id: 'home-deals', title: CATALOG_TEXT.deals, viewAllTo: undefined },
] as const;

export default function HomePage() {
  usePageMeta(CATALOG_TEXT.homeTitle, CATALOG_TEXT.homeDescription);
  const home = useHomeSections();

  return (
    <>
      <HomeHero />
      <nav
        aria-label={CATALOG_TEXT.browseByDepartment}
        className="relative z-10 mx-auto -mt-6 max-w-7xl px-4 lg:px-6 sm:-mt-8"
      >
        <GenderLinks />
      </nav>

      {home.isError && !home.data ? (
        <div role="alert" className="mx-auto my-12 max-w-7xl px-4 lg:px-6 text-center">
          <p className="text-lg text-stone-800">{CATALOG_TEXT.homeError}</p>
          <button type="button" className="btn-primary mt-4" onClick={() => home.refetch()}>
            {CATALOG_TEXT.retry}
          </button>
        </div>
      ) : (
        <>
          {SECTIONS.map((section) => {
            const products = home.data?.[section.key];
            if (products && products.length === 0) return null;
            return (
              <ProductRail
                key={section.key}
                id={section.id}
                title={section.title}
                viewAllTo={section.viewAllTo}
              >
                {products ? <ProductRow products={products} action={likeAction} /> : <ProductRowSkeleton />}
              </ProductRail>
            );
          })}
          {home.data && home.data.categories.length > 0 && (
            <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 lg:px-6 py-8">
              <h2 id="home-categories" className="mb-4 font-display text-2xl font-semibold sm:text-3xl">
                {CATALOG_TEXT.shopByCategory}
              </h2>
              <CategoryTiles categories={home.data.categories} />
            </section>
          )}
        </>
      )}
    </>
  );
}
