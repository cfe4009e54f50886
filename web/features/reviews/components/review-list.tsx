import { type ReactNode, useState } from 'react';
import { REVIEW_SORTS, type Review, type ReviewSort } from '../../../../common/schemas/reviews';
import { Pager } from '../../../components/ui/pager';
import { toast } from '../../../components/ui/toast';
import { useProductReviews } from '../api/get-product-reviews';
import { useVoteHelpful } from '../api/vote-helpful';
import { REVIEW_TEXTS } from '../texts';
import { RatingSummary } from './rating-summary';
import { ReviewCard } from './review-card';

interface ReviewListProps {
  productId: string;
  /** Signed-in shoppers may mark others' reviews helpful. */
  signedIn: boolean;
  /** The viewer's own review, which they cannot mark helpful. */
  ownReviewId: string | null;
  /** Shown under the summary: what the shopper can do about reviewing. */
  panel: ReactNode;
}

/**
 * The rating summary (with `panel` under it) beside the product's published reviews, newest or most
 * helpful first, a page at a time.
 */
export function ReviewList({ productId, signedIn, ownReviewId, panel }: ReviewListProps) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const reviews = useProductReviews(productId, page, sort);
  const vote = useVoteHelpful(productId);

  const onHelpful = (review: Review) =>
    vote.mutate(
      { reviewId: review._id, helpful: !review.votedHelpful },
      { onError: (error) => toast.error(error.message) },
    );

  const data = reviews.data;
  let summary: ReactNode;
  if (data) summary = <RatingSummary summary={data.summary} />;
  else if (reviews.isPending) {
    summary = (
      <p role="status" className="text-stone-600">
        {REVIEW_TEXTS.loading}
      </p>
    );
  } else {
    summary = (
      <div role="alert">
        <p className="text-stone-800">{REVIEW_TEXTS.loadError}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => reviews.refetch()}>
          {REVIEW_TEXTS.retry}
        </button>
      </div>
    );
  }

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-12">
      <div className="space-y-6">
        {summary}
        {panel}
      </div>
      {data && data.summary.count > 0 && (
        <div>
          <div className="flex items-center justify-end gap-2 border-b border-brand-100 pb-3">
            <label htmlFor={`review-sort-${productId}`} className="text-sm text-stone-700">
              {REVIEW_TEXTS.sortLabel}
            </label>
            <select
              id={`review-sort-${productId}`}
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as ReviewSort);
                setPage(1);
              }}
              className="min-h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
            >
              {REVIEW_SORTS.map((option) => (
                <option key={option} value={option}>
                  {REVIEW_TEXTS.sort[option]}
                </option>
              ))}
            </select>
          </div>
          <div className="divide-y divide-brand-100" aria-busy={reviews.isPlaceholderData}>
            {data.reviews.map((review) => (
              <ReviewCard
                key={review._id}
                review={review}
                onHelpful={signedIn && review._id !== ownReviewId ? onHelpful : undefined}
                helpfulBusy={vote.isPending}
              />
            ))}
          </div>
          {data.pages > 1 && (
            <Pager
              page={page}
              pages={data.pages}
              onPageChange={setPage}
              label={REVIEW_TEXTS.pagination}
              className="mt-6"
            />
          )}
        </div>
      )}
    </div>
  );
}
