import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ProductStatus } from '../../../common/schemas/admin-products';
import type { Db } from '../../db/client';
import { products, productVariants } from './catalog.schema';

/** A variant as staff edit it. */
export interface VariantRow {
  sku: string;
  color: string;
  size: string;
  countInStock: number;
}

/** A product as staff see it, whatever its status; money in paise. */
export interface AdminProductRow {
  id: string;
  name: string;
  description: string;
  brand: string;
  gender: string;
  category: string;
  subCategory: string;
  type: string;
  pricePaise: number;
  mrpPaise: number;
  hsn: string | null;
  isRefundable: boolean;
  status: ProductStatus;
  version: number;
  images: string[];
  imageColors: string[];
  imageAlts: string[];
  rating: number;
  numReviews: number;
  createdAt: Date;
  updatedAt: Date;
  /** In display order. */
  variants: VariantRow[];
}

/** A row of the staff product table; money in paise. */
export interface AdminSummaryRow {
  id: string;
  name: string;
  brand: string;
  gender: string;
  category: string;
  subCategory: string;
  type: string;
  pricePaise: number;
  mrpPaise: number;
  status: ProductStatus;
  image: string;
  countInStock: number;
  variantCount: number;
  lowStockVariants: number;
  version: number;
  updatedAt: Date;
}

export interface AdminProductFilter {
  q?: string;
  status?: ProductStatus;
  category?: string;
  stock?: 'low' | 'out';
  lowStockUnits: number;
}

/** The columns staff write, as stored. */
export type ProductColumns = Pick<
  AdminProductRow,
  | 'name'
  | 'description'
  | 'brand'
  | 'gender'
  | 'category'
  | 'subCategory'
  | 'type'
  | 'pricePaise'
  | 'mrpPaise'
  | 'hsn'
  | 'isRefundable'
  | 'status'
  | 'images'
  | 'imageColors'
  | 'imageAlts'
>;

/**
 * Where an export page starts: after this product, oldest first. `createdAt` is the database's own
 * text of the time, whose microseconds a JavaScript Date would lose.
 */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** The variants of `products.id`, as a JSON array in display order. */
const variantsJson = sql<VariantRow[]>`coalesce((
  select json_agg(json_build_object('sku', v.sku, 'color', v.color, 'size', v.size, 'countInStock', v.count_in_stock)
                  order by v.position, v.color, v.size)
  from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`;

const adminColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  brand: products.brand,
  gender: products.gender,
  category: products.category,
  subCategory: products.subCategory,
  type: products.type,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  hsn: products.hsn,
  isRefundable: products.isRefundable,
  status: sql<ProductStatus>`${products.status}`,
  version: products.version,
  images: products.images,
  imageColors: products.imageColors,
  imageAlts: products.imageAlts,
  rating: products.rating,
  numReviews: products.numReviews,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  variants: variantsJson,
};

/** Escapes LIKE's wildcards so a typed "%" or "_" matches itself. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

function whereOf(filter: AdminProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const text = escapeLike(filter.q);
    conditions.push(
      sql`(${products.titleText} like ${`%${text.toLowerCase()}%`}
           or exists (select 1 from ${productVariants} v
                      where v.product_id = ${products.id} and v.sku like ${`${text.toUpperCase()}%`}))`,
    );
  }
  if (filter.status) conditions.push(eq(products.status, filter.status));
  if (filter.category) conditions.push(sql`lower(${products.category}) = lower(${filter.category})`);
  const anyLeft = sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.count_in_stock > 0)`;
  if (filter.stock === 'out') conditions.push(sql`not ${anyLeft}`);
  if (filter.stock === 'low') {
    conditions.push(
      sql`${anyLeft} and exists (select 1 from ${productVariants} v
                                 where v.product_id = ${products.id} and v.count_in_stock <= ${filter.lowStockUnits})`,
    );
  }
  return and(...conditions);
}

/**
 * The SQL of the staff product screens and their writes: every status, every column. Writes that
 * change a product first take its locks with `lockForChange`, in the order stock moves take them.
 */
export function createProductAdminRepository(db: Db) {
  return {
    /** A page of the staff table, most recently changed first, and how many match. */
    async list(
      filter: AdminProductFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: AdminSummaryRow[]; total: number }> {
      const where = whereOf(filter);
      const units = (condition: SQL) =>
        sql<number>`(select count(*)::int from ${productVariants} v where v.product_id = ${products.id} and ${condition})`;
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: products.id,
            name: products.name,
            brand: products.brand,
            gender: products.gender,
            category: products.category,
            subCategory: products.subCategory,
            type: products.type,
            pricePaise: products.pricePaise,
            mrpPaise: products.mrpPaise,
            status: sql<ProductStatus>`${products.status}`,
            image: sql<string>`coalesce(${products.images}[1], '')`,
            countInStock: sql<number>`(select coalesce(sum(v.count_in_stock), 0)::int
                                       from ${productVariants} v where v.product_id = ${products.id})`,
            variantCount: units(sql`true`),
            lowStockVariants: units(sql`v.count_in_stock <= ${filter.lowStockUnits}`),
            version: products.version,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .where(where)
          .orderBy(desc(products.updatedAt), asc(products.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(products).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findById(id: string): Promise<AdminProductRow | undefined> {
      const [row] = await db.select(adminColumns).from(products).where(eq(products.id, id));
      return row;
    },

    /**
     * Locks the product for a change: its variants first, in the order checkout takes stock
     * (inventory.service.ts: colour, then size, compared as bytes), then its row. A staff change
     * and a sale of the same product thus queue instead of deadlocking.
     */
    async lockForChange(id: string): Promise<void> {
      await db.execute(
        sql`select 1 from ${productVariants} where ${productVariants.productId} = ${id}
            order by ${productVariants.color} collate "C", ${productVariants.size} collate "C" for update`,
      );
      await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    },

    /**
     * Locks the rows of many products, in id order (the order stock moves reach products), for a
     * change of their own columns only; returns those that exist.
     */
    async lockMany(ids: readonly string[]): Promise<AdminProductRow[]> {
      if (ids.length === 0) return [];
      await db
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id))
        .for('update');
      return db
        .select(adminColumns)
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id));
    },

    /** Which of the SKUs are taken, and by which product (other than `exceptProductId`). */
    skuOwners(
      skus: readonly string[],
      exceptProductId?: string,
    ): Promise<{ sku: string; productId: string; name: string }[]> {
      if (skus.length === 0) return Promise.resolve([]);
      return db
        .select({ sku: productVariants.sku, productId: productVariants.productId, name: products.name })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          and(
            inArray(productVariants.sku, [...skus]),
            exceptProductId ? sql`${productVariants.productId} <> ${exceptProductId}` : undefined,
          ),
        );
    },

    async insert(columns: ProductColumns, variants: readonly VariantRow[], at: Date): Promise<string> {
      const [row] = await db
        .insert(products)
        .values({ ...columns, createdAt: at, updatedAt: at })
        .returning({ id: products.id });
      if (!row) throw new Error('the product insert returned no row');
      await db
        .insert(productVariants)
        .values(variants.map((variant, position) => ({ productId: row.id, position, ...variant })));
      return row.id;
    },

    /** Writes the columns given and counts a new version. */
    async update(id: string, columns: Partial<ProductColumns>, at: Date): Promise<void> {
      await db
        .update(products)
        .set({ ...columns, version: sql`${products.version} + 1`, updatedAt: at })
        .where(eq(products.id, id));
    },

    /**
     * Makes the product's variants `next`, in that order, matched to `current` by SKU: a variant that
     * keeps its colour and size is updated in place (an order waiting for its row then finds it), one
     * that moved to another colour or size, or left, is deleted, and the rest are inserted. Deletes
     * come first, so a colour and size may pass from one SKU to another.
     */
    async replaceVariants(
      productId: string,
      current: readonly VariantRow[],
      next: readonly VariantRow[],
    ): Promise<void> {
      const nextBySku = new Map(next.map((variant) => [variant.sku, variant]));
      const kept = (variant: VariantRow) => {
        const other = nextBySku.get(variant.sku);
        return other !== undefined && other.color === variant.color && other.size === variant.size;
      };
      const gone = current.filter((variant) => !kept(variant)).map((variant) => variant.sku);
      if (gone.length > 0) {
        await db
          .delete(productVariants)
          .where(and(eq(productVariants.productId, productId), inArray(productVariants.sku, gone)));
      }
      const currentBySku = new Map(current.map((variant) => [variant.sku, variant]));
      const inserts: (VariantRow & { productId: string; position: number })[] = [];
      for (const [position, variant] of next.entries()) {
        const before = currentBySku.get(variant.sku);
        if (!before || !kept(before)) {
          inserts.push({ productId, position, ...variant });
          continue;
        }
        await db
          .update(productVariants)
          .set({ countInStock: variant.countInStock, position })
          .where(eq(productVariants.sku, variant.sku));
      }
      if (inserts.length > 0) await db.insert(productVariants).values(inserts);
    },

    /** Sets the status, or the price, of many locked products, each counting a new version. */
    async updateMany(
      changes: readonly { id: string; status?: ProductStatus; pricePaise?: number }[],
      at: Date,
    ): Promise<void> {
      if (changes.length === 0) return;
      await db.execute(
        sql`update ${products} p
            set status = coalesce(c.status, p.status),
                price_paise = coalesce(c.price_paise, p.price_paise),
                version = p.version + 1,
                updated_at = ${at.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(
              changes.map((change) => ({
                id: change.id,
                status: change.status ?? null,
                price_paise: change.pricePaise ?? null,
              })),
            )}::jsonb) as c(id uuid, status text, price_paise int)
            where p.id = c.id`,
      );
    },

    /** A page of products with their variants for the CSV export, oldest first (new ones land at the end). */
    exportPage(
      after: ExportCursor | null,
      limit: number,
    ): Promise<(AdminProductRow & { cursor: ExportCursor })[]> {
      return db
        .select({
          ...adminColumns,
          cursor: sql<ExportCursor>`json_build_object('createdAt', ${products.createdAt}::text, 'id', ${products.id})`,
        })
        .from(products)
        .where(
          after
            ? sql`(${products.createdAt}, ${products.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        )
        .orderBy(asc(products.createdAt), asc(products.id))
        .limit(limit);
    },
  };
}

export type ProductAdminRepository = ReturnType<typeof createProductAdminRepository>;
