import type { ProductSummary } from '../../../common/schemas/catalog';
import {
  type AdminReviews,
  type HappyCustomers,
  type HelpfulState,
  type MyReview,
  type ProductReviews,
  type ProductReviewsQuery,
  type RatingSummary,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewEligibility,
  type ReviewStatus,
  roundRating,
} from '../../../common/schemas/reviews';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import { reviewImageOf } from './review-images';
import {
  createReviewsRepository,
  type NewReviewRow,
  type ReviewChanges,
  type ReviewRow,
  type ViewedReviewRow,
} from './reviews.repository';

export type { ReviewChanges, ReviewRow } from './reviews.repository';

/** Who writes, edits or deletes a review: the signed-in shopper. */
export interface ReviewAuthor {
  id: string;
  name: string;
}

/** The author shown on the reviews of an erased account. */
export const FORMER_CUSTOMER = 'Former customer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the reviews module reads from the catalog: a product by id (404 when unknown), and summaries of many. */
export type ProductLookup = Pick<CatalogService, 'getProduct' | 'summariesByIds'>;

function imageOf(row: ReviewRow) {
  return row.imageKey && row.imageWidth && row.imageHeight
    ? reviewImageOf(row.imageKey, row.imageWidth, row.imageHeight)
    : null;
}

/** The API shape of a published review. */
export function reviewOf(row: ReviewRow, votedHelpful = false): Review {
  return {
    _id: row.id,
    productId: row.productId,
    author: row.authorName,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    image: imageOf(row),
    helpful: row.helpfulCount,
    votedHelpful,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** The author's (or staff's) view: the review with its moderation state. */
export function myReviewOf(row: ReviewRow): MyReview {
  return { ...reviewOf(row), status: row.status, moderationNote: row.moderationNote };
}

/** Average (one decimal), count, and count per star from 5 down to 1. */
export function summaryOf(counts: readonly { rating: number; n: number }[]): RatingSummary {
  const stars = [5, 4, 3, 2, 1].map((s) => ({ stars: s, count: counts.find((c) => c.rating === s)?.n ?? 0 }));
  const count = stars.reduce((sum, s) => sum + s.count, 0);
  const total = stars.reduce((sum, s) => sum + s.stars * s.count, 0);
  return { average: count === 0 ? 0 : roundRating(total / count), count, stars };
}

const pagesOf = (total: number, size: number) => Math.ceil(total / size);
const pageRequest = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });

/**
 * The review use cases that stay inside this module: reading, votes, and the writing steps the review
 * flows (server/flows/review-changes.ts) call on their transaction. `db` may be a transaction.
 */
export function createReviewsService(db: Db, catalog: ProductLookup) {
  const repository = createReviewsRepository(db);

  async function publishedOrNotFound(reviewId: string): Promise<ReviewRow> {
    const row = UUID.test(reviewId) ? await repository.findById(reviewId.toLowerCase()) : undefined;
    if (row?.status !== 'approved') throw new NotFoundError(REVIEW_MESSAGES.notFound);
    return row;
  }

  /**
   * The reviewed products' summaries by id, in one query; a product deleted since is missing, and so
   * is one no longer on sale unless `withHidden` (staff moderate reviews of every product).
   */
  async function productsOf(
    rows: readonly { productId: string }[],
    withHidden = false,
  ): Promise<Map<string, ProductSummary>> {
    const summaries = await catalog.summariesByIds(
      rows.map((row) => row.productId),
      { withHidden },
    );
    return new Map(summaries.map((product) => [product._id, product]));
  }

  return {
    /** The product's approved reviews, a page at a time, with the rating summary; 404 for an unknown product. */
    async productReviews(
      productId: string,
      { page, sort }: ProductReviewsQuery,
      viewerId: string | null,
    ): Promise<ProductReviews> {
      const { _id: id } = await catalog.getProduct(productId);
      const size = REVIEW_LIMITS.pageSize;
      const [counts, rows] = await Promise.all([
        repository.approvedCounts(id),
        repository.approvedPage(id, sort, pageRequest(page, size), viewerId),
      ]);
      const summary = summaryOf(counts);
      return {
        summary,
        reviews: rows.map((row: ViewedReviewRow) => reviewOf(row, row.votedHelpful)),
        sort,
        page,
        pages: pagesOf(summary.count, size),
        total: summary.count,
      };
    },

    /**
     * Who may see the photo stored under `stem` (`reviews/<id>`): anyone once its review is approved;
     * until then (waiting, or rejected) only its author and staff. Undefined when no review holds it.
     */
    async photoAudience(
      stem: string,
    ): Promise<{ public: true } | { public: false; authorId: string } | undefined> {
      const row = await repository.findByImageKey(stem);
      if (!row) return undefined;
      return row.status === 'approved' ? { public: true } : { public: false, authorId: row.userId };
    },

    /** 404 NotFoundError for an unknown or malformed product id (checked before an upload is read). */
    async ensureProduct(productId: string): Promise<void> {
      await catalog.getProduct(productId);
    },

    /** The rating summary of the approved reviews, for the product's stored rating. */
    async approvedSummary(productId: string): Promise<RatingSummary> {
      return summaryOf(await repository.approvedCounts(productId));
    },

    /** Whether the shopper may review (`isBuyer` comes from their orders), and their review if any. */
    async eligibility(userId: string, productId: string, isBuyer: boolean): Promise<ReviewEligibility> {
      const own = await repository.findByAuthor(userId, productId);
      if (own) return { status: 'reviewed', review: myReviewOf(own) };
      return { status: isBuyer ? 'canReview' : 'notBuyer', review: null };
    },

    /** Published photo reviews of 4–5 stars, newest first, with the products they are about. */
    async happyCustomers(page: number): Promise<HappyCustomers> {
      const size = REVIEW_LIMITS.happyCustomersPageSize;
      const { rows, total } = await repository.happyCustomers(pageRequest(page, size));
      const products = await productsOf(rows);
      const reviews = rows.flatMap((row) => {
        const product = products.get(row.productId);
        const image = imageOf(row);
        if (!product || !image) return [];
        const { votedHelpful: _v, helpful: _h, editedAt: _e, ...review } = reviewOf(row);
        return [
          {
            ...review,
            image,
            product: { _id: product._id, name: product.name, image: product.image },
          },
        ];
      });
      return { reviews, page, pages: pagesOf(total, size), total };
    },

    /** Reviews waiting for moderation, for the back office's to-do counts. */
    countPending(): Promise<number> {
      return repository.countInStatus('pending');
    },

    /** Reviews in one moderation state for staff (waiting: oldest first; others: last moderated first), with product names. */
    async forStaff(status: ReviewStatus, page: number): Promise<AdminReviews> {
      const size = REVIEW_LIMITS.pageSize;
      const { rows, total } = await repository.byStatus(status, pageRequest(page, size));
      const products = await productsOf(rows, true);
      return {
        reviews: rows.map((row) => ({
          ...myReviewOf(row),
          productName: products.get(row.productId)?.name ?? '',
          moderatedAt: row.moderatedAt?.toISOString() ?? null,
        })),
        page,
        pages: pagesOf(total, size),
        total,
      };
    },

    /** Marks a published review helpful (once per shopper; never your own). */
    async voteHelpful(userId: string, reviewId: string, at: Date): Promise<HelpfulState> {
      const review = await publishedOrNotFound(reviewId);
      if (review.userId === userId) throw new ForbiddenError(REVIEW_MESSAGES.ownReview);
      const helpful = await db.transaction((tx) => createReviewsRepository(tx).vote(review.id, userId, at));
      if (helpful === undefined) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      return { reviewId: review.id, helpful, votedHelpful: true };
    },

    /** Takes a helpful vote back; nothing to take back is fine. */
    async unvoteHelpful(userId: string, reviewId: string): Promise<HelpfulState> {
      const review = await publishedOrNotFound(reviewId);
      const helpful = await db.transaction((tx) => createReviewsRepository(tx).unvote(review.id, userId));
      if (helpful === undefined) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      return { reviewId: review.id, helpful, votedHelpful: false };
    },

    // The writing steps of the review flows, run on their transaction.

    lockProduct: repository.lockProduct,
    insert: (row: NewReviewRow) => repository.insert(row),

    /** The shopper's own review; others' and unknown ids are undefined alike. */
    async findOwned(userId: string, reviewId: string): Promise<ReviewRow | undefined> {
      return UUID.test(reviewId) ? repository.findOwned(userId, reviewId.toLowerCase()) : undefined;
    },

    /** The author's latest `limit` reviews, every status, for staff. */
    ofAuthor: (userId: string, limit: number) => repository.ofAuthor(userId, limit),

    async findById(reviewId: string): Promise<ReviewRow | undefined> {
      return UUID.test(reviewId) ? repository.findById(reviewId.toLowerCase()) : undefined;
    },

    findByAuthor: (userId: string, productId: string) => repository.findByAuthor(userId, productId),
    /**
     * Anonymises the reviews of an erased account (docs/decisions/010): published ones stay, with their
     * rating and text, as by `FORMER_CUSTOMER` and without their photo; unpublished ones are deleted,
     * so nothing that counts changes and the products' ratings stay as they are. Its helpful votes lose
     * their link to it and stay counted. Takes the products' review locks first, so staff moderating one
     * of these reviews meanwhile waits, and cannot publish a review this is deleting. Must run in a
     * transaction; returns the photo stems whose files the caller removes before it commits.
     */
    async eraseAuthor(userId: string) {
      for (const productId of await repository.productsReviewedBy(userId)) {
        await repository.lockProduct(productId);
      }
      return repository.eraseAuthor(userId, FORMER_CUSTOMER);
    },

    update: (id: string, changes: ReviewChanges) => repository.update(id, changes),
    remove: (id: string) => repository.remove(id),
    moderate: repository.moderate,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
