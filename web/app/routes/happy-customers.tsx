import { useSearchParams } from 'react-router';
import { HappyCustomersWall } from '../../features/reviews/components/happy-customers-wall';
import { HAPPY_CUSTOMERS_TEXTS } from '../../features/reviews/texts';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { PageHero } from '../../features/static-pages/components/page-hero';
import { usePageMeta } from '../../lib/use-page-meta';

/** /happy-customers (SPEC.md §2): verified buyers' photo reviews, `?page=n` for older ones. */
export default function HappyCustomersPage() {
  usePageMeta(HAPPY_CUSTOMERS_TEXTS.title, HAPPY_CUSTOMERS_TEXTS.metaDescription);
  const [params, setParams] = useSearchParams();
  const asked = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  // The verified-buyer promise only once the shop is known not to be the demo, whose photos are drawn.
  const demo = useSiteConfig().data?.demo;

  return (
    <article>
      <PageHero title={HAPPY_CUSTOMERS_TEXTS.title}>
        <p className="mt-3 max-w-2xl text-lg text-stone-700" data-testid="happy-customers-intro">
          {demo === false && HAPPY_CUSTOMERS_TEXTS.intro}
          {demo && HAPPY_CUSTOMERS_TEXTS.demoIntro}
        </p>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-10 lg:px-6">
        <HappyCustomersWall
          page={page}
          onPage={(next) => {
            setParams(next === 1 ? {} : { page: String(next) });
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    </article>
  );
}
