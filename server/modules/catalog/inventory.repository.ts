import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { type ColorImages, groupImagesByColor } from '../../../common/color-images';
import type { Db } from '../../db/client';
import { products, productVariants } from './catalog.schema';

/**
 * A product as checkout prices it: today's price in paise and its variants with their stock as read,
 * and its images by colour, so an order line keeps the picture of the colour bought.
 */
export interface SellableProduct {
  id: string;
  name: string;
  images: string[];
  colorImages: ColorImages[];
  pricePaise: number;
  isRefundable: boolean;
  variants: { color: string; size: string; countInStock: number }[];
}

/** A variant running out, for the back office. */
export interface LowStockVariant {
  sku: string;
  productId: string;
  name: string;
  color: string;
  size: string;
  countInStock: number;
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
    /** One statement: a product without variants comes back with none (checkout then names the variant). */
    async sellableProducts(productIds: readonly string[]): Promise<SellableProduct[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          images: products.images,
          imageColors: products.imageColors,
          pricePaise: products.pricePaise,
          isRefundable: products.isRefundable,
          color: productVariants.color,
          size: productVariants.size,
          countInStock: productVariants.countInStock,
        })
        .from(products)
        .leftJoin(productVariants, eq(productVariants.productId, products.id))
        // Only products on sale can be bought; a draft or archived one is as unknown as a deleted one.
        .where(and(inArray(products.id, [...productIds]), eq(products.status, 'active')));
      const byId = new Map<string, SellableProduct>();
      for (const { color, size, countInStock, ...row } of rows) {
        let product = byId.get(row.id);
        if (!product) {
          product = {
            id: row.id,
            name: row.name,
            images: row.images,
            colorImages: groupImagesByColor(row.images, row.imageColors),
            pricePaise: row.pricePaise,
            isRefundable: row.isRefundable,
            variants: [],
          };
          byId.set(row.id, product);
        }
        if (color !== null && size !== null && countInStock !== null) {
          product.variants.push({ color, size, countInStock });
        }
      }
      return [...byId.values()];
    },

    /**
     * Takes units of one variant with a conditional UPDATE, so two buyers of the last unit cannot both
     * succeed (the row lock serialises them and the second sees too little). False when there is not
     * enough stock. With `sold` above 0 the same statement also counts that many units of the product
     * as sold (for the best-sellers section): one round trip fewer while the rows are locked, and the
     * product's row is locked only after the variant's, and only when the variant had enough.
     */
    async take({ productId, color, size, quantity }: StockLine, sold: number): Promise<boolean> {
      const taking = db
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
        .returning({ productId: productVariants.productId });
      if (sold === 0) return (await taking).length > 0;
      const taken = db.$with('taken').as(taking);
      const counted = await db
        .with(taken)
        .update(products)
        // The stock staff see changed, so a form opened before this sale must not write its old count.
        .set({ soldCount: sql`${products.soldCount} + ${sold}`, version: sql`${products.version} + 1` })
        .where(inArray(products.id, db.select({ productId: taken.productId }).from(taken)))
        .returning({ id: products.id });
      return counted.length > 0;
    },

    /**
     * Puts units of one variant back (cancel, expiry, refused delivery). A variant removed from the
     * catalog meanwhile has nothing to return to; that is not an error.
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
    },

    /**
     * The variants with at most `atMost` units left, fewest first, at most `limit` of them; archived
     * products have left the shop, so their stock is nobody's worry.
     */
    lowStock(atMost: number, limit: number): Promise<LowStockVariant[]> {
      return db
        .select({
          sku: productVariants.sku,
          productId: products.id,
          name: products.name,
          color: productVariants.color,
          size: productVariants.size,
          countInStock: productVariants.countInStock,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(lte(productVariants.countInStock, atMost), ne(products.status, 'archived')))
        .orderBy(asc(productVariants.countInStock), asc(products.name), asc(productVariants.position))
        .limit(limit);
    },

    /**
     * Uncounts units of a product as sold (never below 0), when its stock was given back; like a sale,
     * it counts as a change of the product for staff (`version`).
     */
    async unsell(productId: string, units: number): Promise<void> {
      await db
        .update(products)
        .set({
          soldCount: sql`greatest(${products.soldCount} - ${units}, 0)`,
          version: sql`${products.version} + 1`,
        })
        .where(eq(products.id, productId));
    },
  };
}
