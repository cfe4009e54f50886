import { CATALOG_TEXT } from '../texts';

/** "★ 4.3 (12)", read out as a sentence; nothing when the product has no reviews. */
export function RatingBadge({ rating, numReviews }: { rating: number; numReviews: number }) {
  if (numReviews <= 0) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-stone-700">
      <span className="inline-flex items-center gap-0.5 rounded bg-emerald-700 px-1.5 py-0.5 font-semibold text-white">
        <span aria-hidden="true">{rating.toFixed(1)} ★</span>
        <span className="sr-only">{CATALOG_TEXT.rating(rating, numReviews)}</span>
      </span>
      <span aria-hidden="true">({numReviews.toLocaleString('en-IN')})</span>
    </p>
  );
}
