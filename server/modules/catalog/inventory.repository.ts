import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productVariants } from './catalog.schema';

/** A product as checkout prices it: today's price in paise and its variants. */
export interface SellableProduct {
  id: string;
  name: string;
  image: string;
  pricePaise: number;
  isRefundable: boolean;
  variants: { color: string; size: string }[];
}

/** One variant and a number of its units. */
export interface StockLine {
  productId: string;
  color: string;
  size: string;
  quantity: number;
}

/**
 * The SQL of stock per variant (DESIGN.md §6). Pass the transaction that writes the order, so the
 * stock moves together with the order or not at all.
 */
export function createInventoryRepository(db: Db) {
  return {
    async sellableProducts(productIds: readonly string[]): Promise<SellableProduct[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          images: products.images,
          pricePaise: products.pricePaise,
          isRefundable: products.isRefundable,
        })
        .from(products)
        .where(inArray(products.id, [...productIds]));
      const variants = await db
        .select({
          productId: productVariants.productId,
          color: productVariants.color,
          size: productVariants.size,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, [...productIds]));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        image: row.images[0] ?? '',
        pricePaise: row.pricePaise,
        isRefundable: row.isRefundable,
        variants: variants.filter((v) => v.productId === row.id).map(({ color, size }) => ({ color, size })),
      }));
    },

    /**
     * Takes units of one variant with a conditional UPDATE, so two buyers of the last unit cannot both
     * succeed (the row lock serialises them and the second sees too little). False when there is not
     * enough stock. Also counts the units as sold, for the best-sellers section.
     */
    async take({ productId, color, size, quantity }: StockLine): Promise<boolean> {
      const taken = await db
        .update(productVariants)
        .set({ countInStock: sql`${productVariants.countInStock} - ${quantity}` })
        .where(
          and(
            eq(productVariants.productId, productId),
            eq(productVariants.color, color),
            eq(productVariants.size, size),
            gte(productVariants.countInStock, quantity),
          ),
        )
        .returning({ countInStock: productVariants.countInStock });
      if (taken.length === 0) return false;
      await db
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${quantity}` })
        .where(eq(products.id, productId));
      return true;
    },

    /**
     * Puts units back (cancel, expiry, refused delivery) and uncounts them as sold. A variant removed
     * from the catalog meanwhile has nothing to return to; that is not an error.
     */
    async give({ productId, color, size, quantity }: StockLine): Promise<void> {
      await db
        .update(productVariants)
        .set({ countInStock: sql`${productVariants.countInStock} + ${quantity}` })
        .where(
          and(
            eq(productVariants.productId, productId),
            eq(productVariants.color, color),
            eq(productVariants.size, size),
          ),
        );
      await db
        .update(products)
        .set({ soldCount: sql`greatest(${products.soldCount} - ${quantity}, 0)` })
        .where(eq(products.id, productId));
    },
  };
}
