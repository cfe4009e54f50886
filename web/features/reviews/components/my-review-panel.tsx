import { useState } from 'react';
import { Link } from 'react-router';
import type { MyReview } from '../../../../common/schemas/reviews';
import { FormMessage } from '../../../components/ui/form-fields';
import { toast } from '../../../components/ui/toast';
import { useDeleteReview } from '../api/delete-review';
import { useMyReview } from '../api/get-my-review';
import { REVIEW_TEXTS } from '../texts';
import { ReviewForm } from './review-form';
import { Stars } from './stars';

interface MyReviewPanelProps {
  productId: string;
  signedIn: boolean;
  /** True until the session is known: nothing is offered yet. */
  authLoading: boolean;
  /** Where "Sign in" goes, coming back here afterwards. */
  signInHref: string;
  /** Open the form at once (a "Review this product" link from My Orders). */
  startWriting: boolean;
  onChanged: () => void;
}

/**
 * What the shopper can do about reviewing this product: write one (a verified buyer), see why not
 * (a guest must sign in; only shoppers who received it may review), or see, edit and delete their own.
 */
export function MyReviewPanel({
  productId,
  signedIn,
  authLoading,
  signInHref,
  startWriting,
  onChanged,
}: MyReviewPanelProps) {
  const mine = useMyReview(productId, signedIn);
  const remove = useDeleteReview(productId);
  const [writing, setWriting] = useState(startWriting);
  const [confirming, setConfirming] = useState(false);

  if (authLoading) return null;
  if (!signedIn) {
    return (
      <p className="text-stone-700">
        {REVIEW_TEXTS.signInToReview}{' '}
        <Link to={signInHref} className="text-link">
          {REVIEW_TEXTS.signIn}
        </Link>
      </p>
    );
  }
  if (!mine.data) return null;

  const done = () => {
    setWriting(false);
    onChanged();
  };
  const { status, review } = mine.data;

  if (writing && (status === 'canReview' || review)) {
    return (
      <ReviewForm
        productId={productId}
        review={review ?? undefined}
        onDone={done}
        onCancel={() => setWriting(false)}
      />
    );
  }
  if (status === 'notBuyer') return <p className="text-stone-700">{REVIEW_TEXTS.notBuyer}</p>;
  if (status === 'canReview' || !review) {
    return (
      <button type="button" className="btn-primary" onClick={() => setWriting(true)}>
        {REVIEW_TEXTS.writeReview}
      </button>
    );
  }

  const onDelete = () =>
    remove.mutate(review._id, {
      onSuccess: () => {
        toast.success(REVIEW_TEXTS.deleted);
        setConfirming(false);
        onChanged();
      },
      onError: () => toast.error(REVIEW_TEXTS.deleteFailed),
    });

  return (
    <OwnReview
      review={review}
      confirming={confirming}
      deleting={remove.isPending}
      onEdit={() => setWriting(true)}
      onAskDelete={() => setConfirming(true)}
      onCancelDelete={() => setConfirming(false)}
      onDelete={onDelete}
    />
  );
}

function OwnReview({
  review,
  confirming,
  deleting,
  onEdit,
  onAskDelete,
  onCancelDelete,
  onDelete,
}: {
  review: MyReview;
  confirming: boolean;
  deleting: boolean;
  onEdit: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onDelete: () => void;
}) {
  return (
    <section aria-label={REVIEW_TEXTS.yourReview} className="surface-card p-4 sm:p-5">
      <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {REVIEW_TEXTS.yourReview}
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <p className="font-semibold break-words text-stone-900">{review.title}</p>
      </div>
      <p className="mt-2 break-words whitespace-pre-line text-stone-800">{review.comment}</p>
      <div className="mt-3">
        <FormMessage
          tone={review.status === 'rejected' ? 'error' : review.status === 'pending' ? 'info' : 'success'}
        >
          {REVIEW_TEXTS.status[review.status]}
          {review.status === 'rejected' &&
            review.moderationNote &&
            ` ${REVIEW_TEXTS.rejectedNote(review.moderationNote)}`}
        </FormMessage>
      </div>
      {confirming ? (
        <fieldset className="mt-4 flex flex-wrap items-center gap-2">
          <legend className="mb-2 w-full font-medium text-stone-900">{REVIEW_TEXTS.confirmDelete}</legend>
          <button type="button" className="btn-primary" disabled={deleting} onClick={onDelete}>
            {REVIEW_TEXTS.confirmDeleteYes}
          </button>
          <button type="button" className="btn-secondary" onClick={onCancelDelete}>
            {REVIEW_TEXTS.cancel}
          </button>
        </fieldset>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={onEdit}>
            {REVIEW_TEXTS.edit}
          </button>
          <button type="button" className="btn-secondary" onClick={onAskDelete}>
            {REVIEW_TEXTS.delete}
          </button>
        </div>
      )}
    </section>
  );
}
