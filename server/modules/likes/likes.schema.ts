import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalog/catalog.schema';
import { users } from '../users/users.schema';

/**
 * A shopper's liked products (the wishlist). The primary key makes a like unique per shopper and
 * product, so a repeated or concurrent like is one row; likes go with the account or the product.
 */
export const likes = pgTable(
  'likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // Deleting a product cascades to its likes; without this index that would scan the whole table.
    index('likes_product_id').on(t.productId),
  ],
);
