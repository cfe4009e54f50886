import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A product of the catalog. Money is integer paise. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    /** Top level of the category tree: Men, Women, Boy, Girl, Brand (third-party vendors) or Others. */
    gender: text('gender').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull(),
    type: text('type').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    isRefundable: boolean('is_refundable').notNull().default(false),
    /** In display order; the first is the product's picture in every list. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The colour each image shows, by position: `image_colors[i]` for `images[i]`. An empty entry, or
     * none (rows from before colours had pictures), means an image of no one colour. Kept beside
     * `images` rather than in a table of its own so that lists still read their picture from the row
     * (docs/decisions/060).
     */
    imageColors: text('image_colors').array().notNull().default(sql`'{}'::text[]`),
    /** The alt text of each image by position, as staff wrote it ('' or missing: none yet). */
    imageAlts: text('image_alts').array().notNull().default(sql`'{}'::text[]`),
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /**
     * Only `active` products are in the shop (lists, search, suggestions, the product page, checkout);
     * `draft` ones are being prepared, `archived` ones left the shop but stay for their orders and reviews.
     */
    status: text('status').notNull().default('active'),
    /** The HSN code of its GST class (4 or 6 digits), or null until staff enter it. */
    hsn: text('hsn'),
    /**
     * Counts the changes to what staff edit (fields, variants, stock, images), so an edit made on a
     * stale copy is refused instead of overwriting someone else's (docs/decisions/073).
     */
    version: integer('version').notNull().default(1),
    /** Units sold, kept for the best-sellers section. */
    soldCount: integer('sold_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When staff last changed the product. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased words that text search matches against (name, brand, categories, description). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || brand || ' ' || category || ' ' || sub_category || ' ' || type || ' ' || description)`,
      ),
    /**
     * The same without the description: typo-tolerant matching runs on this short text, since
     * trigram word similarity costs time in proportion to the text's length (descriptions are long).
     */
    titleText: text('title_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || brand || ' ' || category || ' ' || sub_category || ' ' || type)`,
      ),
  },
  (t) => [
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check('products_mrp_not_below_price', sql`${t.mrpPaise} >= ${t.pricePaise}`),
    check('products_image_colors_per_image', sql`cardinality(${t.imageColors}) <= cardinality(${t.images})`),
    check('products_image_alts_per_image', sql`cardinality(${t.imageAlts}) <= cardinality(${t.images})`),
    check('products_status', sql`${t.status} in ('draft', 'active', 'archived')`),
    check('products_hsn', sql`${t.hsn} ~ '^[0-9]{4}([0-9]{2})?$'`),
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_title_trgm').using('gin', sql`${t.titleText} gin_trgm_ops`),
    index('products_tree').on(t.gender, t.category, t.subCategory, t.type),
    index('products_brand').on(t.brand),
    index('products_created_at').on(t.createdAt),
    index('products_price').on(t.pricePaise),
    index('products_updated_at').on(t.updatedAt),
  ],
);

/** Stock is counted per variant (colour × size), DESIGN.md §6. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The shop's own code for the variant, unique across the catalog, in capitals. */
    sku: text('sku').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    countInStock: integer('count_in_stock').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.color, t.size] }),
    uniqueIndex('product_variants_sku').on(t.sku),
    check('product_variants_stock_not_negative', sql`${t.countInStock} >= 0`),
  ],
);

/**
 * Words shoppers type for what the catalog calls otherwise: spellings ("lehanga" for lehenga), Hindi
 * and Hinglish names ("साड़ी" for saree, "khilona" for toy). Search reads `term` as `replacement`
 * unless a product's name, brand or category uses the term itself (docs/decisions/080). A term may
 * be several words ("salwar kameez"), stored lower-case; staff may add rows, and searches see them
 * within CATALOG_CACHE_SECONDS.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    term: text('term').primaryKey(),
    replacement: text('replacement').notNull(),
  },
  (t) => [
    check(
      'search_synonyms_lower_case',
      sql`${t.term} = lower(btrim(${t.term})) and ${t.term} <> '' and btrim(${t.replacement}) <> ''`,
    ),
  ],
);

/**
 * Nodes of the category tree that staff added, so a new category exists before its first product
 * (docs/decisions/074). The tree is the union of these and the paths products use; a level left ''
 * ends the path (a category added without a sub-category yet).
 */
export const categoryNodes = pgTable(
  'category_nodes',
  {
    gender: text('gender').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull().default(''),
    type: text('type').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.gender, t.category, t.subCategory, t.type] })],
);

/** Brands staff added before any product of theirs; the others are the brands products name. */
export const brands = pgTable('brands', { name: text('name').primaryKey() });
