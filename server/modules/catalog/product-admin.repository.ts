import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ProductStatus } from '../../../common/schemas/admin-products';
import type { Db } from '../../db/client';
import { products, productVariants } from './catalog.schema';
import { productBasicsColumns } from './product-basics';

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
  ...productBasicsColumns,
  description: products.description,
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

/** Rows written per statement: well under PostgreSQL's 65,535 parameters, and a JSON value of a few hundred KB. */
const WRITE_CHUNK = 2000;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

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
            ...productBasicsColumns,
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
     * Makes each product's variants `next`, in that order, matched to `current` by SKU: a variant that
     * keeps its colour and size is updated in place (an order waiting for its row then finds it), one
     * that moved to another colour or size, or left, is deleted, and the rest are inserted. Deletes
     * come first, so a colour and size may pass from one SKU to another. A few statements whatever
     * the number of products (a CSV import changes thousands).
     */
    async replaceVariants(
      changes: readonly { productId: string; current: readonly VariantRow[]; next: readonly VariantRow[] }[],
    ): Promise<void> {
      const gone: string[] = [];
      const updates: { sku: string; count_in_stock: number; position: number }[] = [];
      const inserts: (VariantRow & { productId: string; position: number })[] = [];
      for (const { productId, current, next } of changes) {
        const before = new Map(current.map((variant, position) => [variant.sku, { variant, position }]));
        const kept = new Set<string>();
        next.forEach((variant, position) => {
          const was = before.get(variant.sku);
          if (!was || was.variant.color !== variant.color || was.variant.size !== variant.size) {
            inserts.push({ productId, position, ...variant });
            return;
          }
          kept.add(variant.sku);
          if (was.variant.countInStock !== variant.countInStock || was.position !== position) {
            updates.push({ sku: variant.sku, count_in_stock: variant.countInStock, position });
          }
        });
        for (const variant of current) if (!kept.has(variant.sku)) gone.push(variant.sku);
      }
      for (const chunk of chunksOf(gone, WRITE_CHUNK)) {
        await db.execute(
          sql`delete from ${productVariants}
              where ${productVariants.sku} in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`,
        );
      }
      for (const chunk of chunksOf(updates, WRITE_CHUNK)) {
        await db.execute(
          sql`update ${productVariants} v set count_in_stock = c.count_in_stock, position = c.position
              from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as c(sku text, count_in_stock int, position int)
              where v.sku = c.sku`,
        );
      }
      for (const chunk of chunksOf(inserts, WRITE_CHUNK)) await db.insert(productVariants).values(chunk);
    },

    /**
     * Locks both catalog tables against other writers for the rest of the transaction (readers go on),
     * variants before products as stock moves take them, so an import and a checkout queue instead of
     * deadlocking. Call it first in the transaction.
     */
    async lockForImport(): Promise<void> {
      await db.execute(sql`lock table ${productVariants}, ${products} in share row exclusive mode`);
    },

    /** The product holding each of the SKUs that exist. */
    ownersOfSkus(skus: readonly string[]): Promise<{ sku: string; productId: string }[]> {
      if (skus.length === 0) return Promise.resolve([]);
      return db
        .select({ sku: productVariants.sku, productId: productVariants.productId })
        .from(productVariants)
        .where(
          sql`${productVariants.sku} in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`,
        );
    },

    /** The products, whatever their status, with their variants. */
    findMany(ids: readonly string[]): Promise<AdminProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(adminColumns)
        .from(products)
        .where(
          sql`${products.id} in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
        );
    },

    /** The products whose name, brand, gender and category (trimmed, lower case) are one of `keys`. */
    findByKeys(
      keys: readonly { name: string; brand: string; gender: string; category: string }[],
    ): Promise<AdminProductRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db
        .select(adminColumns)
        .from(products)
        .where(
          sql`(lower(trim(${products.name})), lower(trim(${products.brand})), lower(trim(${products.gender})),
               lower(trim(${products.category}))) in (
                select k.name, k.brand, k.gender, k.category
                from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(name text, brand text, gender text, category text))`,
        );
    },

    /** Stores new products (ids chosen by the caller) with their variants, in a few statements. */
    async insertMany(
      rows: readonly { id: string; columns: ProductColumns; variants: readonly VariantRow[] }[],
      at: Date,
    ): Promise<void> {
      for (const chunk of chunksOf(rows, WRITE_CHUNK / 4)) {
        await db
          .insert(products)
          .values(chunk.map(({ id, columns }) => ({ id, ...columns, createdAt: at, updatedAt: at })));
      }
      const variants = rows.flatMap(({ id, variants }) =>
        variants.map((variant, position) => ({ productId: id, position, ...variant })),
      );
      for (const chunk of chunksOf(variants, WRITE_CHUNK)) await db.insert(productVariants).values(chunk);
    },

    /** Writes the columns a CSV row carries for many products, each counting a new version. */
    async updateColumnsOfMany(
      rows: readonly { id: string; columns: Omit<ProductColumns, 'images' | 'imageColors' | 'imageAlts'> }[],
      at: Date,
    ): Promise<void> {
      for (const chunk of chunksOf(rows, WRITE_CHUNK)) {
        const values = chunk.map(({ id, columns: c }) => ({
          id,
          name: c.name,
          description: c.description,
          brand: c.brand,
          gender: c.gender,
          category: c.category,
          sub_category: c.subCategory,
          type: c.type,
          price_paise: c.pricePaise,
          mrp_paise: c.mrpPaise,
          status: c.status,
          hsn: c.hsn,
          is_refundable: c.isRefundable,
        }));
        await db.execute(
          sql`update ${products} p
              set name = c.name, description = c.description, brand = c.brand, gender = c.gender,
                  category = c.category, sub_category = c.sub_category, type = c.type,
                  price_paise = c.price_paise, mrp_paise = c.mrp_paise, status = c.status, hsn = c.hsn,
                  is_refundable = c.is_refundable, version = p.version + 1,
                  updated_at = ${at.toISOString()}::timestamptz
              from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as c(
                id uuid, name text, description text, brand text, gender text, category text,
                sub_category text, type text, price_paise int, mrp_paise int, status text, hsn text,
                is_refundable boolean)
              where p.id = c.id`,
        );
      }
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
