import { REVIEW_TEXTS } from '../texts';

/** Five stars with `rating` of them filled (rounded to whole stars), read out as "Rated 4 out of 5". */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const filled = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={REVIEW_TEXTS.stars(Number(rating.toFixed(1)))}
      className={`inline-flex shrink-0 leading-none tracking-tight ${size === 'lg' ? 'text-2xl' : 'text-base'}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? 'text-amber-500' : 'text-stone-300'}>
          ★
        </span>
      ))}
    </span>
  );
}
