import type { RatingSummary as Summary } from '../../../../common/schemas/reviews';
import { REVIEW_TEXTS } from '../texts';
import { Stars } from './stars';

/** The average, the count and how many reviews gave each number of stars, as bars. */
export function RatingSummary({ summary }: { summary: Summary }) {
  if (summary.count === 0) {
    return (
      <div>
        <p className="font-medium text-stone-900">{REVIEW_TEXTS.noReviews}</p>
        <p className="mt-1 text-sm text-stone-600">{REVIEW_TEXTS.noReviewsHint}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="shrink-0">
        <p className="flex items-baseline gap-2">
          <span className="font-display text-5xl font-semibold text-stone-900">
            {summary.average.toFixed(1)}
          </span>
          <span className="text-sm text-stone-600">/ 5</span>
        </p>
        <Stars rating={summary.average} size="lg" />
        <p className="mt-1 text-sm text-stone-700">{REVIEW_TEXTS.reviewCount(summary.count)}</p>
      </div>
      <ul className="w-full max-w-sm space-y-1.5">
        {summary.stars.map(({ stars, count }) => {
          const share = Math.round((count / summary.count) * 100);
          return (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="sr-only">{REVIEW_TEXTS.starRow(stars, count)}</span>
              <span aria-hidden="true" className="w-7 shrink-0 text-stone-700">
                {stars}★
              </span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
                <span
                  data-testid={`star-bar-${stars}`}
                  className="block h-full rounded-full bg-amber-500"
                  style={{ width: `${share}%` }}
                />
              </span>
              <span aria-hidden="true" className="w-8 shrink-0 text-right text-stone-600 tabular-nums">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
