import type { Review } from '../../../../common/schemas/reviews';
import { ThumbUpIcon } from '../../../components/ui/icons';
import { formatReviewDate } from '../lib/format';
import { REVIEW_TEXTS } from '../texts';
import { ReviewPhoto } from './review-photo';
import { Stars } from './stars';

interface ReviewCardProps {
  review: Review;
  /** Offered to signed-in shoppers on others' reviews; absent otherwise. */
  onHelpful?: (review: Review) => void;
  helpfulBusy?: boolean;
}

/**
 * One published review. Every text is rendered as text by React (escaped), never as HTML, so markup
 * a reviewer typed shows as the characters they typed.
 */
export function ReviewCard({ review, onHelpful, helpfulBusy = false }: ReviewCardProps) {
  return (
    <article className="py-5" aria-label={review.title}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <h3 className="font-semibold break-words text-stone-900">{review.title}</h3>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        <span className="font-medium text-stone-800">{review.author}</span>
        <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          {REVIEW_TEXTS.verifiedBuyer}
        </span>
        <span className="ml-2">{formatReviewDate(review.createdAt)}</span>
        {review.editedAt && <span className="ml-2 italic">{REVIEW_TEXTS.edited}</span>}
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <p className="min-w-0 flex-1 leading-relaxed break-words whitespace-pre-line text-stone-800">
          {review.comment}
        </p>
        {review.image && <ReviewPhoto image={review.image} author={review.author} />}
      </div>
      {onHelpful ? (
        <button
          type="button"
          aria-pressed={review.votedHelpful}
          disabled={helpfulBusy}
          onClick={() => onHelpful(review)}
          className={`mt-3 inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-medium transition-colors ${
            review.votedHelpful
              ? 'border-emerald-600 bg-emerald-50 text-emerald-900'
              : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
          }`}
        >
          <ThumbUpIcon className="size-4" />
          {review.votedHelpful
            ? `${REVIEW_TEXTS.helpfulPressed} (${review.helpful})`
            : REVIEW_TEXTS.helpful(review.helpful)}
        </button>
      ) : (
        review.helpful > 0 && (
          <p className="mt-3 text-sm text-stone-600">{REVIEW_TEXTS.helpful(review.helpful)}</p>
        )
      )}
    </article>
  );
}
