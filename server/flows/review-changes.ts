import {
  type MyReview,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEWABLE_DELIVERY_STATUSES,
  type ReviewEligibility,
  type ReviewStatus,
  type ReviewSubmission,
  shortName,
} from '../../common/schemas/reviews';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { Actor } from '../modules/audit/audit.service';
import { deleteReviewImage, encodeReviewImage, storeReviewImage } from '../modules/reviews/review-images';
import {
  myReviewOf,
  type ReviewAuthor,
  type ReviewRow,
  type ReviewsService,
} from '../modules/reviews/reviews.service';
import type { StorageProvider } from '../providers';
import type { FlowContext, Services } from '../services';

export interface ReviewFlowDeps extends FlowContext {
  storage: StorageProvider;
  now: () => Date;
  /** Where a photo that could not be cleaned up is reported (the request goes on). */
  log: { warn(fields: object, message: string): void };
}

/** The signed-in shopper writing: their id, and their name as the account holds it. */
/** A review's state after its author changed it: text alone is published at once, a new photo waits for staff. */
export function statusAfterEdit(
  before: Pick<ReviewRow, 'status'>,
  photo: 'none' | 'new' | 'kept',
): ReviewStatus {
  if (photo === 'none') return 'approved';
  if (photo === 'new') return 'pending';
  // A photo staff already approved stays approved; one they have not (pending, rejected) goes back to them.
  return before.status === 'approved' ? 'approved' : 'pending';
}

/** Stores the product's rating and count from its approved reviews, in the caller's transaction. */
async function syncRating(tx: Services, productId: string): Promise<void> {
  const summary = await tx.reviews.approvedSummary(productId);
  await tx.catalog.setRating(productId, summary.average, summary.count);
}

/**
 * Finds a review, takes its product's lock, and reads it again: the first read only names the
 * product; the second sees every change committed before the lock was granted.
 */
async function lockReview(
  reviews: ReviewsService,
  find: (reviews: ReviewsService) => Promise<ReviewRow | undefined>,
): Promise<ReviewRow> {
  const first = await find(reviews);
  if (!first) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  await reviews.lockProduct(first.productId);
  const locked = await find(reviews);
  if (!locked) throw new NotFoundError(REVIEW_MESSAGES.notFound);
  return locked;
}

/**
 * Writing, editing and deleting reviews (docs/decisions/010). Each change runs in one transaction that
 * also stores the product's rating and review count from its approved reviews (catalog), so the two
 * never disagree; a per-product lock keeps concurrent changes from counting past each other. Photos
 * are checked and re-encoded before the transaction (seconds of CPU must not hold it open), and removed
 * again if it fails.
 */
export function createReviewFlows({ services, transaction, storage, now, log }: ReviewFlowDeps) {
  const catalog = services.catalog;

  /** Counts one change against the shopper's limit (REVIEW_LIMITS), before any work is done. */
  const countChange = (userId: string) =>
    services.users.countAction(
      'review:write',
      userId,
      { max: REVIEW_LIMITS.writesPerWindow, windowMs: REVIEW_LIMITS.writeWindowMs },
      REVIEW_MESSAGES.tooManyWrites,
    );

  const forget = (stem: string | null) =>
    stem
      ? deleteReviewImage(storage, stem).catch((err: unknown) =>
          log.warn({ err, stem }, 'review photo: removing the files failed'),
        )
      : Promise.resolve();

  /** Checks, re-encodes and stores an uploaded photo; null without one. */
  async function storePhoto(image: Buffer | undefined) {
    if (!image) return null;
    const encoded = await encodeReviewImage(image);
    const stem = await storeReviewImage(storage, encoded);
    return { stem, width: encoded.width, height: encoded.height };
  }

  /** True when the shopper has received the product in one of their orders. */
  const hasReceived = (userId: string, productId: string) =>
    services.orders.hasProductInStatus(userId, productId, REVIEWABLE_DELIVERY_STATUSES);

  return {
    /** Whether the shopper may review the product, and their review if they wrote one; 404 unknown product. */
    async eligibility(userId: string, productId: string): Promise<ReviewEligibility> {
      const product = await catalog.getProduct(productId);
      return services.reviews.eligibility(userId, product._id, await hasReceived(userId, product._id));
    },

    /**
     * A verified buyer reviews a product: 404 unknown product, 403 without a delivered order of it,
     * 409 when they already reviewed it. Published at once unless it carries a photo.
     */
    async write(
      author: ReviewAuthor,
      productId: string,
      review: ReviewSubmission,
      image?: Buffer,
    ): Promise<MyReview> {
      await countChange(author.id);
      const product = await catalog.getProduct(productId);
      if (!(await hasReceived(author.id, product._id))) throw new ForbiddenError(REVIEW_MESSAGES.notBuyer);
      const duplicate = () => new ConflictError(REVIEW_MESSAGES.duplicate, 'ALREADY_REVIEWED');
      if (await services.reviews.findByAuthor(author.id, product._id)) throw duplicate();

      const photo = await storePhoto(image);
      try {
        return await transaction(async (tx) => {
          const reviews = tx.reviews;
          await reviews.lockProduct(product._id);
          const at = now();
          const row = await reviews.insert({
            productId: product._id,
            userId: author.id,
            authorName: shortName(author.name),
            rating: review.rating,
            title: review.title,
            comment: review.comment,
            imageKey: photo?.stem ?? null,
            imageWidth: photo?.width ?? null,
            imageHeight: photo?.height ?? null,
            imageConsentAt: photo ? at : null,
            status: photo ? 'pending' : 'approved',
            createdAt: at,
          });
          if (!row) throw duplicate();
          if (row.status === 'approved') await syncRating(tx, row.productId);
          return myReviewOf(row);
        });
      } catch (error) {
        await forget(photo?.stem ?? null);
        throw error;
      }
    },

    /**
     * The author changes their review (404 for anyone else's): text, rating, a new photo, or no photo
     * (`removeImage`). A new photo waits for staff again; see `statusAfterEdit`.
     */
    async edit(
      author: ReviewAuthor,
      reviewId: string,
      review: ReviewSubmission,
      image?: Buffer,
    ): Promise<MyReview> {
      await countChange(author.id);
      const own = (reviews: ReviewsService) => reviews.findOwned(author.id, reviewId);
      if (!(await own(services.reviews))) throw new NotFoundError(REVIEW_MESSAGES.notFound);

      const photo = await storePhoto(image);
      try {
        const { row, replaced } = await transaction(async (tx) => {
          const reviews = tx.reviews;
          const before = await lockReview(reviews, own);
          const at = now();
          const keep = !photo && !review.removeImage && before.imageKey !== null;
          const image = photo
            ? { imageKey: photo.stem, imageWidth: photo.width, imageHeight: photo.height, imageConsentAt: at }
            : keep
              ? {
                  imageKey: before.imageKey,
                  imageWidth: before.imageWidth,
                  imageHeight: before.imageHeight,
                  imageConsentAt: before.imageConsentAt,
                }
              : { imageKey: null, imageWidth: null, imageHeight: null, imageConsentAt: null };
          const row = await reviews.update(before.id, {
            rating: review.rating,
            title: review.title,
            comment: review.comment,
            ...image,
            status: statusAfterEdit(before, photo ? 'new' : keep ? 'kept' : 'none'),
            moderationNote: '',
            editedAt: at,
          });
          if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
          if (before.status === 'approved' || row.status === 'approved') await syncRating(tx, row.productId);
          return { row, replaced: keep ? null : before.imageKey };
        });
        await forget(replaced);
        return myReviewOf(row);
      } catch (error) {
        await forget(photo?.stem ?? null);
        throw error;
      }
    },

    /** The author deletes their review (404 for anyone else's); the product's rating follows. */
    async remove(author: ReviewAuthor, reviewId: string): Promise<void> {
      await countChange(author.id);
      const removed = await transaction(async (tx) => {
        const reviews = tx.reviews;
        const row = await lockReview(reviews, (r) => r.findOwned(author.id, reviewId));
        await reviews.remove(row.id);
        if (row.status === 'approved') await syncRating(tx, row.productId);
        return row;
      });
      await forget(removed.imageKey);
    },
  };
}

export type ReviewFlows = ReturnType<typeof createReviewFlows>;

/**
 * Staff approve or reject a review in any state (a published one can be taken down); the product's
 * rating follows in the same transaction.
 */
export function createModerateReviewFlow({ transaction, now }: Pick<ReviewFlowDeps, 'transaction' | 'now'>) {
  return async function moderate(
    actor: Actor,
    reviewId: string,
    status: Exclude<ReviewStatus, 'pending'>,
    note = '',
  ): Promise<MyReview> {
    return transaction(async (tx) => {
      const reviews = tx.reviews;
      const before = await lockReview(reviews, (r) => r.findById(reviewId));
      const row = await reviews.moderate(before.id, {
        status,
        moderationNote: status === 'rejected' ? note : '',
        moderatedBy: actor.id,
        moderatedAt: now(),
      });
      if (!row) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      await tx.audit.record(actor, {
        action: status === 'approved' ? 'review.approve' : 'review.reject',
        entity: 'review',
        entityId: row.id,
        before: { status: before.status, moderationNote: before.moderationNote },
        after: { status: row.status, moderationNote: row.moderationNote },
      });
      if ((before.status === 'approved') !== (row.status === 'approved')) await syncRating(tx, row.productId);
      return myReviewOf(row);
    });
  };
}
