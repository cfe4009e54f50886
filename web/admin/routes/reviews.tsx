import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import {
  type AdminReview,
  type AdminReviews,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '../../../common/schemas/reviews';
import { toast } from '../../components/ui/toast';
import { api, HttpError, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { StatusTabs } from '../components/status-tabs';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDate } from '../lib/format';
import { useCan } from '../lib/staff';

const TEXTS = {
  title: 'Reviews',
  tabs: { pending: 'Waiting', approved: 'Published', rejected: 'Rejected' } satisfies Record<
    ReviewStatus,
    string
  >,
  approve: 'Approve',
  reject: 'Reject',
  note: 'Note to the author (optional)',
  approved: 'Review published.',
  rejected: 'Review rejected; the author sees your note.',
  photo: (author: string) => `Photo by ${author}`,
  stars: (n: number) => `${n} of 5 stars`,
  pager: 'Review pages',
  empty: {
    pending: 'No review is waiting. Well done.',
    approved: 'No published reviews yet.',
    rejected: 'No rejected reviews.',
  },
} as const;

function statusOf(value: string | null): ReviewStatus {
  return REVIEW_STATUSES.find((status) => status === value) ?? 'pending';
}

function ReviewCard({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const canModerate = useCan('orders:handle');
  const [note, setNote] = useState('');
  const moderate = useMutation({
    mutationFn: (action: 'approve' | 'reject') =>
      action === 'approve'
        ? api.post(API.admin.approveReview(review._id))
        : api.post(API.admin.rejectReview(review._id), { note }),
    onSuccess: (_answer, action) => {
      toast.success(action === 'approve' ? TEXTS.approved : TEXTS.rejected);
      onDone();
    },
    onError: (error) => toast.error(error instanceof HttpError ? error.message : String(error)),
  });
  return (
    <article
      aria-label={`${review.title} by ${review.author}`}
      className="surface-card grid gap-4 p-4 sm:grid-cols-[10rem_1fr]"
    >
      {review.image ? (
        <a href={review.image.lg} target="_blank" rel="noreferrer">
          <img
            src={review.image.md}
            alt={TEXTS.photo(review.author)}
            width={review.image.width}
            height={review.image.height}
            className="h-40 w-full rounded-lg object-cover sm:w-40"
          />
        </a>
      ) : null}
      <div className="min-w-0 sm:col-start-2">
        <p className="text-sm text-stone-600">
          {review.productName} · {review.author} · {formatDate(review.createdAt)}
        </p>
        <h2 className="mt-1 font-semibold">
          <span aria-hidden="true">{'★'.repeat(review.rating)}</span>
          <span className="sr-only">{TEXTS.stars(review.rating)}:</span> {review.title}
        </h2>
        <p className="mt-1 whitespace-pre-line break-words text-stone-800">{review.comment}</p>
        {review.moderationNote && <p className="mt-2 text-sm text-stone-600">“{review.moderationNote}”</p>}
        {canModerate && (
          <div className="mt-3 space-y-2">
            {review.status !== 'rejected' && (
              <label className="block text-sm">
                <span className="text-stone-700">{TEXTS.note}</span>
                <input
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  maxLength={500}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3"
                />
              </label>
            )}
            <div className="flex gap-2">
              {review.status !== 'approved' && (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={moderate.isPending}
                  onClick={() => moderate.mutate('approve')}
                >
                  {TEXTS.approve}
                </button>
              )}
              {review.status !== 'rejected' && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={moderate.isPending}
                  onClick={() => moderate.mutate('reject')}
                >
                  {TEXTS.reject}
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </article>
  );
}

/** The moderation queue: waiting reviews first, with their photos, approved or rejected in one tap. */
export default function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageOf(params);
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'reviews', status, page];
  const reviews = useQuery({
    queryKey,
    queryFn: () => api.get<AdminReviews>(`${API.admin.reviews}${toQueryString({ status, page })}`),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <StatusTabs
        label={TEXTS.title}
        statuses={REVIEW_STATUSES}
        current={status}
        names={TEXTS.tabs}
        onSelect={(next) => setParams({ status: next })}
      />
      <ListState query={reviews} isEmpty={(data) => data.reviews.length === 0} empty={TEXTS.empty[status]}>
        {(data) => (
          <>
            <div className="mt-4 space-y-3">
              {data.reviews.map((review) => (
                <ReviewCard
                  key={review._id}
                  review={review}
                  onDone={() => queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] })}
                />
              ))}
            </div>
            <UrlPager label={TEXTS.pager} page={data.page} pages={data.pages} />
          </>
        )}
      </ListState>
    </section>
  );
}
