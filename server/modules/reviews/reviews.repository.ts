import { and, asc, count, desc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { ReviewSort, ReviewStatus } from '../../../common/schemas/reviews';
import type { Db } from '../../db/client';
import { reviews, reviewVotes } from './reviews.schema';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = Omit<typeof reviews.$inferInsert, 'id' | 'helpfulCount'>;

/** A review with whether the viewer voted it helpful. */
export type ViewedReviewRow = ReviewRow & { votedHelpful: boolean };

export interface PageRequest {
  limit: number;
  offset: number;
}

/** The fields an edit may change. */
export type ReviewChanges = Pick<
  ReviewRow,
  | 'rating'
  | 'title'
  | 'comment'
  | 'imageKey'
  | 'imageWidth'
  | 'imageHeight'
  | 'imageConsentAt'
  | 'status'
  | 'moderationNote'
  | 'editedAt'
>;

/** Any number, as long as every app instance uses the same one; it keeps review locks apart from others. */
const PRODUCT_LOCK_SPACE = 5_140_217;

const PUBLISHED_PHOTO = and(
  eq(reviews.status, 'approved'),
  isNotNull(reviews.imageKey),
  sql`${reviews.rating} >= 4`,
);

/** All SQL of the review tables; nothing outside the reviews module uses it. `db` may be a transaction. */
export function createReviewsRepository(db: Db) {
  /** `votedHelpful` for the viewer, false for a guest (no viewer). */
  const votedBy = (viewerId: string | null): SQL<boolean> =>
    viewerId
      ? sql<boolean>`exists (select 1 from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviews.id} and ${reviewVotes.userId} = ${viewerId})`
      : sql<boolean>`false`;

  return {
    /**
     * Serialises review changes of one product until the transaction ends, so two approvals at once
     * cannot each count the reviews without the other's and store a wrong rating.
     */
    async lockProduct(productId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${PRODUCT_LOCK_SPACE}, hashtext(${productId}))`);
    },

    /** Inserts a review; undefined when the shopper already has one of this product (the unique key decides). */
    async insert(row: NewReviewRow): Promise<ReviewRow | undefined> {
      const [created] = await db
        .insert(reviews)
        .values(row)
        .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
        .returning();
      return created;
    },

    /** The author's latest `limit` reviews, every status (the back office's customer page). */
    async ofAuthor(userId: string, limit: number): Promise<ReviewRow[]> {
      return db
        .select()
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },

    async findById(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row;
    },

    /** The state and author of the review whose photo is stored under `imageKey`, if any holds it. */
    async findByImageKey(imageKey: string): Promise<Pick<ReviewRow, 'status' | 'userId'> | undefined> {
      const [row] = await db
        .select({ status: reviews.status, userId: reviews.userId })
        .from(reviews)
        .where(eq(reviews.imageKey, imageKey))
        .limit(1);
      return row;
    },

    async findOwned(userId: string, id: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
      return row;
    },

    async findByAuthor(userId: string, productId: string): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
      return row;
    },

    async update(id: string, changes: ReviewChanges): Promise<ReviewRow | undefined> {
      const [row] = await db.update(reviews).set(changes).where(eq(reviews.id, id)).returning();
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.delete(reviews).where(eq(reviews.id, id));
    },

    async moderate(
      id: string,
      change: { status: ReviewStatus; moderationNote: string; moderatedBy: string; moderatedAt: Date },
    ): Promise<ReviewRow | undefined> {
      const [row] = await db.update(reviews).set(change).where(eq(reviews.id, id)).returning();
      return row;
    },

    /** The products the shopper reviewed, in a fixed order (locks taken in it cannot deadlock). */
    async productsReviewedBy(userId: string): Promise<string[]> {
      const rows = await db
        .select({ productId: reviews.productId })
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(asc(reviews.productId));
      return rows.map((row) => row.productId);
    },

    /**
     * Takes an erased account off its reviews: unpublished ones are deleted, published ones get
     * `authorName` and lose their photo, and its helpful votes are unlinked (the counts on the reviews
     * stay). Returns the counts and the photo stems that no row names any more.
     */
    async eraseAuthor(
      userId: string,
      authorName: string,
    ): Promise<{ anonymised: number; deleted: number; votes: number; photos: string[] }> {
      const byAuthor = eq(reviews.userId, userId);
      const withPhoto = await db
        .select({ imageKey: reviews.imageKey })
        .from(reviews)
        .where(and(byAuthor, isNotNull(reviews.imageKey)));
      const deleted = await db
        .delete(reviews)
        .where(and(byAuthor, ne(reviews.status, 'approved')))
        .returning({ id: reviews.id });
      const anonymised = await db
        .update(reviews)
        .set({ authorName, imageKey: null, imageWidth: null, imageHeight: null, imageConsentAt: null })
        .where(byAuthor)
        .returning({ id: reviews.id });
      const votes = await db
        .delete(reviewVotes)
        .where(eq(reviewVotes.userId, userId))
        .returning({ reviewId: reviewVotes.reviewId });
      return {
        anonymised: anonymised.length,
        deleted: deleted.length,
        votes: votes.length,
        photos: withPhoto.flatMap((row) => (row.imageKey ? [row.imageKey] : [])),
      };
    },

    /** How many approved reviews the product has, per star. */
    async approvedCounts(productId: string): Promise<{ rating: number; n: number }[]> {
      return db
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
        .groupBy(reviews.rating);
    },

    /** One page of the product's approved reviews, newest or most helpful first, and how many there are. */
    async approvedPage(
      productId: string,
      sort: ReviewSort,
      page: PageRequest,
      viewerId: string | null,
    ): Promise<ViewedReviewRow[]> {
      const order =
        sort === 'helpful'
          ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
          : [desc(reviews.createdAt), desc(reviews.id)];
      return db
        .select({ review: reviews, votedHelpful: votedBy(viewerId) })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)
        .then((rows) => rows.map((row) => ({ ...row.review, votedHelpful: row.votedHelpful })));
    },

    /** Approved photo reviews of 4 or 5 stars, newest first (the Happy Customers wall). */
    async happyCustomers(page: PageRequest): Promise<{ rows: ReviewRow[]; total: number }> {
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(PUBLISHED_PHOTO)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(reviews).where(PUBLISHED_PHOTO),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async countInStatus(status: ReviewStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, status));
      return row?.n ?? 0;
    },

    /**
     * Reviews in one state for staff: the waiting queue oldest first (it is worked from its head), the
     * published and rejected ones last moderated first (what staff just did is what they look for).
     */
    async byStatus(status: ReviewStatus, page: PageRequest): Promise<{ rows: ReviewRow[]; total: number }> {
      const where = eq(reviews.status, status);
      const order =
        status === 'pending'
          ? [asc(reviews.createdAt), asc(reviews.id)]
          : [sql`${reviews.moderatedAt} desc nulls last`, desc(reviews.createdAt), desc(reviews.id)];
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /**
     * Records the shopper's helpful vote and counts it, once: a second vote changes nothing. Returns the
     * review's count afterwards, or undefined when the review is gone.
     */
    async vote(reviewId: string, userId: string, at: Date): Promise<number | undefined> {
      const added = await db
        .insert(reviewVotes)
        .values({ reviewId, userId, createdAt: at })
        .onConflictDoNothing()
        .returning({ reviewId: reviewVotes.reviewId });
      const [row] = await db
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} + ${added.length}` })
        .where(eq(reviews.id, reviewId))
        .returning({ helpful: reviews.helpfulCount });
      return row?.helpful;
    },

    /** Takes the shopper's vote back, if there was one; returns the count afterwards. */
    async unvote(reviewId: string, userId: string): Promise<number | undefined> {
      const removed = await db
        .delete(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)))
        .returning({ reviewId: reviewVotes.reviewId });
      const [row] = await db
        .update(reviews)
        .set({ helpfulCount: sql`greatest(${reviews.helpfulCount} - ${removed.length}, 0)` })
        .where(eq(reviews.id, reviewId))
        .returning({ helpful: reviews.helpfulCount });
      return row?.helpful;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
