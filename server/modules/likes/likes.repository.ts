import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { databaseErrorOf } from '../../db/database-error';
import { likes } from './likes.schema';

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

export type AddLikeOutcome = 'liked' | 'no-such-product';

/** All SQL of the likes table; nothing outside the likes module uses it. */
export function createLikesRepository(db: Db) {
  return {
    /**
     * Likes a product. One statement that does nothing when the like exists, so repeated and
     * concurrent likes leave one row and never fail on the primary key. The product's existence is
     * checked by its foreign key in the same statement, so a product deleted meanwhile cannot slip in.
     */
    async add(userId: string, productId: string): Promise<AddLikeOutcome> {
      try {
        await db.insert(likes).values({ userId, productId }).onConflictDoNothing();
        return 'liked';
      } catch (error) {
        const dbError = databaseErrorOf(error);
        if (dbError?.code === FOREIGN_KEY_VIOLATION && dbError.constraint?.includes('product_id')) {
          return 'no-such-product';
        }
        throw error;
      }
    },

    /** Unlikes a product; true when a like was there. */
    async remove(userId: string, productId: string): Promise<boolean> {
      const removed = await db
        .delete(likes)
        .where(and(eq(likes.userId, userId), eq(likes.productId, productId)))
        .returning({ productId: likes.productId });
      return removed.length > 0;
    },

    /** Deletes every like of the account; answers how many there were. */
    async removeAll(userId: string): Promise<number> {
      const removed = await db
        .delete(likes)
        .where(eq(likes.userId, userId))
        .returning({ productId: likes.productId });
      return removed.length;
    },

    /** The shopper's liked product ids, newest like first (the id breaks ties, so the order is stable). */
    async productIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ productId: likes.productId })
        .from(likes)
        .where(eq(likes.userId, userId))
        .orderBy(desc(likes.createdAt), asc(likes.productId));
      return rows.map((row) => row.productId);
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;
