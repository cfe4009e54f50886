import { Link } from 'react-router';
import { productImageUrl } from '../../../../common/images';
import { Pager } from '../../../components/ui/pager';
import { useHappyCustomers } from '../api/get-happy-customers';
import { formatReviewDate } from '../lib/format';
import { HAPPY_CUSTOMERS_TEXTS as T } from '../texts';
import { ReviewPhoto } from './review-photo';
import { Stars } from './stars';

/**
 * The Happy Customers photo wall: verified buyers' photos with their name (first name and initial),
 * stars, the product and what they wrote, in a responsive grid (newest first, row by row), a page at a time.
 */
export function HappyCustomersWall({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const wall = useHappyCustomers(page);

  if (!wall.data) {
    if (wall.isPending) {
      return (
        <div role="status" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{T.loading}</span>
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <div key={n} aria-hidden="true" className="h-[28rem] animate-pulse rounded-2xl bg-brand-100/70" />
          ))}
        </div>
      );
    }
    return (
      <div role="alert" className="surface-card px-6 py-10 text-center">
        <p className="text-stone-800">{T.loadError}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => wall.refetch()}>
          {T.retry}
        </button>
      </div>
    );
  }

  if (wall.data.reviews.length === 0 && page === 1) {
    return (
      <div className="surface-card flex flex-col items-center px-6 py-14 text-center">
        <div className="empty-motif" aria-hidden="true" />
        <p className="mt-6 font-display text-2xl font-semibold text-stone-900">{T.empty}</p>
        <p className="mt-2 max-w-md text-stone-700">{T.emptyHint}</p>
        <Link to="/" className="btn-primary mt-7">
          {T.shop}
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul
        aria-label={T.wall}
        className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy={wall.isPlaceholderData}
      >
        {wall.data.reviews.map((review) => (
          <li key={review._id} className="surface-card flex flex-col">
            <ReviewPhoto image={review.image} author={review.author} variant="tile" />
            <div className="flex flex-1 flex-col p-4">
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold text-stone-900">{review.author}</p>
                <Stars rating={review.rating} />
              </div>
              <p className="mt-0.5 text-xs text-stone-600">{formatReviewDate(review.createdAt)}</p>
              <p className="mt-3 font-medium break-words text-stone-900">{review.title}</p>
              <p className="mt-1 flex-1 text-sm leading-relaxed break-words whitespace-pre-line text-stone-700">
                {review.comment}
              </p>
              <Link
                to={`/product/${encodeURIComponent(review.product._id)}`}
                className="mt-4 flex items-center gap-3 rounded-xl border border-brand-100 p-2 hover:bg-brand-50"
              >
                <img
                  src={productImageUrl(review.product.image, 'sm')}
                  width={400}
                  height={500}
                  loading="lazy"
                  decoding="async"
                  alt=""
                  className="h-12 w-10 shrink-0 rounded-md bg-brand-50 object-cover"
                />
                <span className="text-sm font-medium text-brand-800">{review.product.name}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {wall.data.pages > 1 && (
        <Pager page={page} pages={wall.data.pages} onPageChange={onPage} label={T.title} className="mt-6" />
      )}
    </>
  );
}
