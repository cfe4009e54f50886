import { Link } from 'react-router';
import { HAPPY_CUSTOMERS_TEXTS } from '../texts';
import { PageHero } from './page-hero';

/** The Happy customers page until verified-buyer photo reviews arrive: an honest empty state, no made-up data. */
export function HappyCustomersContent() {
  return (
    <article>
      <PageHero title={HAPPY_CUSTOMERS_TEXTS.title}>
        <p className="mt-3 max-w-2xl text-lg text-stone-700">{HAPPY_CUSTOMERS_TEXTS.intro}</p>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 lg:px-6">
        <div className="surface-card flex flex-col items-center px-6 py-14 text-center">
          <div className="empty-motif" aria-hidden="true" />
          <p className="mt-6 font-display text-2xl font-semibold text-stone-900">
            {HAPPY_CUSTOMERS_TEXTS.empty}
          </p>
          <p className="mt-2 max-w-md text-stone-700">{HAPPY_CUSTOMERS_TEXTS.emptyHint}</p>
          <Link to="/" className="btn-primary mt-7">
            {HAPPY_CUSTOMERS_TEXTS.shop}
          </Link>
        </div>
      </div>
    </article>
  );
}
