import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '../../../common/schemas/reviews';
import { products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';

/**
 * Product reviews by verified buyers, one per product and shopper. The author's short name
 * ("Priya S.") is taken when the review is written, so showing reviews never reads the users table.
 * A review leaves with its product; a closed account keeps its row (users.schema.ts), so reviews stay,
 * and when the account is erased they are anonymised (`reviewsService.eraseAuthor`).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    /** Storage key stem of the photo (`reviews/<id>`); its renditions add `-sm.webp` and so on. */
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** When the author ticked the consent box for the current photo (SPEC.md §1). */
    imageConsentAt: timestamp('image_consent_at', { withTimezone: true }),
    status: text('status').$type<ReviewStatus>().notNull(),
    /** Staff's reason for a rejection, shown to the author. */
    moderationNote: text('moderation_note').notNull().default(''),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id),
    helpfulCount: integer('helpful_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    unique('reviews_product_user_unique').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'reviews_image_complete',
      sql`(${t.imageKey} is null) = (${t.imageWidth} is null) and (${t.imageKey} is null) = (${t.imageHeight} is null) and (${t.imageKey} is null or ${t.imageConsentAt} is not null)`,
    ),
    check('reviews_helpful_not_negative', sql`${t.helpfulCount} >= 0`),
    // A product's published reviews, newest or most helpful first.
    index('reviews_product_newest').on(
      t.productId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_product_helpful').on(
      t.productId,
      t.status,
      t.helpfulCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The Happy Customers wall: published photo reviews of 4 or 5 stars, newest first.
    index('reviews_happy_customers')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved' and ${t.imageKey} is not null and ${t.rating} >= 4`),
    // Staff's queue, oldest waiting first.
    index('reviews_status_created').on(t.status, t.createdAt),
    // Whose photo a file is, asked for each photo request (one not yet approved is private).
    index('reviews_image_key').on(t.imageKey).where(sql`${t.imageKey} is not null`),
  ],
);

/** "Helpful" votes, one per review and shopper; the count is kept on the review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user').on(t.userId)],
);
