import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import type { ProductSort } from '../../../common/schemas/catalog';
import type { Db } from '../../db/client';
import { products, productVariants, searchSynonyms } from './catalog.schema';
import type { CategoryNodeRow } from './category-link';
import type { CategoryPath } from './category-tree';
import { productBasicsColumns } from './product-basics';
import { type FilterCandidate, mentionPattern, type VocabularySource } from './search-vocabulary';

/** A product as every list shows it; money still in paise. */
export interface SummaryRow {
  id: string;
  name: string;
  brand: string;
  gender: string;
  category: string;
  subCategory: string;
  type: string;
  pricePaise: number;
  mrpPaise: number;
  image: string;
  rating: number;
  numReviews: number;
  countInStock: number;
}

export interface DetailRow extends Omit<SummaryRow, 'image' | 'countInStock'> {
  description: string;
  images: string[];
  /** The colour of each image by position (catalog.schema.ts). */
  imageColors: string[];
  isRefundable: boolean;
  variants: { color: string; size: string; countInStock: number }[];
}

/** Filters are ANDed; within brand, size and colour any of the values matches (OR). */
export interface ProductFilters {
  gender?: string;
  brand?: string[];
  category?: string;
  subCategory?: string;
  type?: string;
  /** Words of a text query; each one must match (AND). */
  words?: string[];
  minPricePaise?: number;
  maxPricePaise?: number;
  size?: string[];
  color?: string[];
}

export type ProductOrder = ProductSort;

export interface PageRequest {
  order: ProductOrder;
  limit: number;
  offset: number;
}

export type FacetName = 'gender' | 'brand' | 'category' | 'subCategory' | 'type' | 'color' | 'size';

export interface FacetRow {
  facet: FacetName | 'total' | 'priceMin' | 'priceMax';
  value: string | null;
  n: number | null;
}

export interface CategoryCountRow {
  gender: string;
  category: string;
  image: string;
  count: number;
}

/**
 * Trigram threshold for typo-tolerant matching. pg_trgm's default (0.6) misses common misspellings
 * such as "kurtha" for "kurta" (0.57), so each text query runs in a transaction that lowers it.
 */
const FUZZY_THRESHOLD = 0.5;
/** Short words share too many trigrams with unrelated words ("red" and "regular" score 0.5). */
const SHORT_WORD_THRESHOLD = 0.6;
const SHORT_WORD_LENGTH = 5;
/** How like a word a category name must be to be offered when a search finds nothing. */
const NEAREST_SIMILARITY = 0.3;

/**
 * The nodes of the category tree among the rows of `from` (columns name, gender, brand, category,
 * sub_category, type), one row per level, gender and (under Brand) brand, with its depth (0 for a
 * category, 2 for a type: broader first among equals), its top level's place in the shop's order, its
 * product count and the last word most of its products' names end with (category-link.ts names types
 * by it).
 */
function nodesOf(from: 'm'): SQL {
  const owner = sql.raw(`case when ${from}.gender = 'Brand' then ${from}.brand else '' end`);
  const rank = sql`array_position(${sql.raw(`array[${TOP_LEVEL_CATEGORIES.map((g) => `'${g}'`).join(', ')}]`)}, ${sql.raw(from)}.gender)`;
  const noun = sql.raw(
    `mode() within group (order by substring(lower(${from}.name) from '([^[:space:]]+)$'))`,
  );
  const f = sql.raw(from);
  return sql`(select 'category' as level, 0 as depth, ${rank} as rank, ${f}.gender, ${owner} as brand,
                     ${f}.category, '' as "subCategory", '' as type, ${f}.category as value,
                     count(*)::int as count, ${noun} as noun
              from ${f} group by ${f}.gender, 5, ${f}.category
              union all
              select 'subCategory', 1, ${rank}, ${f}.gender, ${owner}, ${f}.category, ${f}.sub_category, '',
                     ${f}.sub_category, count(*)::int, ${noun}
              from ${f} group by ${f}.gender, 5, ${f}.category, ${f}.sub_category
              union all
              select 'type', 2, ${rank}, ${f}.gender, ${owner}, ${f}.category, ${f}.sub_category, ${f}.type,
                     ${f}.type, count(*)::int, ${noun}
              from ${f} group by ${f}.gender, 5, ${f}.category, ${f}.sub_category, ${f}.type)`;
}

/**
 * A product summary as a JSON object with SummaryRow's keys, built where the rows are: a list comes
 * back as one JSON value instead of one row per product. The stock sum runs only for the products
 * that are being listed.
 */
const summaryJson = sql`json_build_object(
  'id', ${products.id}, 'name', ${products.name}, 'brand', ${products.brand},
  'gender', ${products.gender}, 'category', ${products.category},
  'subCategory', ${products.subCategory}, 'type', ${products.type},
  'pricePaise', ${products.pricePaise}, 'mrpPaise', ${products.mrpPaise},
  'image', coalesce(${products.images}[1], ''), 'rating', ${products.rating},
  'numReviews', ${products.numReviews},
  'countInStock', (select coalesce(sum(v.count_in_stock), 0)::int
                   from ${productVariants} v where v.product_id = ${products.id}))`;

/**
 * The summaries of the products a subquery names (columns `id` and `n`), as a JSON array in `n`
 * order; `[]` when it names none.
 */
function summariesOf(ranked: SQL): SQL {
  return sql`(select coalesce(json_agg(${summaryJson} order by r.n), '[]'::json)
              from (${ranked}) r join ${products} on ${products.id} = r.id)`;
}

/**
 * What the shop shows: active products only. Drafts and archived products are staff's (their own
 * reads are in product-admin.repository.ts); a literal, so the planner sees the constant.
 */
const onSale = sql`${products.status} = 'active'`;

const inStock = sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.count_in_stock > 0)`;

/** Escapes LIKE's wildcards so a typed "%" or "_" matches itself. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

function containsWord(word: string, target: SQL): SQL {
  return sql`${target} like lower(${`%${escapeLike(word)}%`}::text)`;
}

/** A close trigram match of one word somewhere in `target` (already lower-cased). */
function resembles(word: string, target: SQL): SQL {
  const fuzzy = sql`lower(${word}::text) <% ${target}`;
  return [...word].length < SHORT_WORD_LENGTH
    ? sql`(${fuzzy} and word_similarity(lower(${word}::text), ${target}) >= ${SHORT_WORD_THRESHOLD}::real)`
    : fuzzy;
}

/**
 * One query word against a product: contained anywhere in its text (description included), or a
 * close match in its name, brand or category levels. Typos are forgiven only in that short title
 * text: word similarity costs time in proportion to the text's length, and fuzzy hits in long
 * descriptions are mostly noise. Each branch can use its GIN trigram index.
 */
function productMatches(word: string): SQL {
  return sql`(${containsWord(word, sql`${products.searchText}`)} or ${resembles(word, sql`${products.titleText}`)})`;
}

/** Name matches weigh most, then brand and category names, then a word found anywhere (the description). */
function relevance(words: string[]): SQL {
  return sql.join(
    words.map(
      (w) =>
        sql`(3 * word_similarity(lower(${w}::text), lower(${products.name})) + 2 * word_similarity(lower(${w}::text), ${products.titleText}) + (${containsWord(w, sql`${products.searchText}`)})::int)`,
    ),
    sql` + `,
  );
}

/** `column` equal to one of `values`, case aside. */
function anyOf(column: SQL, values: string[]): SQL {
  return sql`lower(${column}) in (${sql.join(
    values.map((value) => sql`lower(${value}::text)`),
    sql`, `,
  )})`;
}

function whereOf(filters: ProductFilters): SQL | undefined {
  const conditions: SQL[] = [onSale];
  if (filters.gender !== undefined) conditions.push(eq(products.gender, filters.gender));
  if (filters.brand !== undefined) conditions.push(inArray(products.brand, filters.brand));
  if (filters.category !== undefined) conditions.push(eq(products.category, filters.category));
  if (filters.subCategory !== undefined) conditions.push(eq(products.subCategory, filters.subCategory));
  if (filters.type !== undefined) conditions.push(eq(products.type, filters.type));
  if (filters.minPricePaise !== undefined) conditions.push(gte(products.pricePaise, filters.minPricePaise));
  if (filters.maxPricePaise !== undefined) conditions.push(lte(products.pricePaise, filters.maxPricePaise));
  if (filters.color !== undefined || filters.size !== undefined) {
    // Colour and size must meet in one variant: "Black, 34" is not matched by Black 32 plus Blue 34.
    const color = filters.color === undefined ? sql`true` : anyOf(sql`v.color`, filters.color);
    const size = filters.size === undefined ? sql`true` : anyOf(sql`v.size`, filters.size);
    conditions.push(
      sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and ${color} and ${size})`,
    );
  }
  for (const word of filters.words ?? []) conditions.push(productMatches(word));
  return and(...conditions);
}

/** The relations a page is taken from: the table itself, or the matches `m` of a search. */
type PageSource = 'products' | 'm';

/**
 * The order of a page over a relation `from` with the columns id, created_at, price_paise, mrp_paise,
 * sold_count, rating and num_reviews (and rank, a text query's relevance, when `ranked`): newest first
 * unless asked otherwise, the id last so that pages never overlap. Only fixed column names reach sql.raw.
 */
function orderOf(order: ProductOrder, from: PageSource, ranked: boolean): SQL {
  const newest = `${from}.created_at desc, ${from}.id asc`;
  switch (order) {
    case 'popular':
      return sql.raw(`${from}.sold_count desc, ${newest}`);
    case 'discount':
      // The MRP is never below the price (a check), and never 0 for a product with a price.
      return sql.raw(
        `(${from}.mrp_paise - ${from}.price_paise)::float8 / greatest(${from}.mrp_paise, 1) desc, ${newest}`,
      );
    case 'rating':
      return sql.raw(`${from}.rating desc, ${from}.num_reviews desc, ${newest}`);
    case 'price_asc':
      return sql.raw(`${from}.price_paise asc, ${newest}`);
    case 'price_desc':
      return sql.raw(`${from}.price_paise desc, ${newest}`);
    case 'relevance':
      return sql.raw(ranked ? `${from}.rank desc, ${newest}` : newest);
    case 'newest':
      return sql.raw(newest);
  }
}

/** A page of `from` in `order`: the subquery summariesOf expects. */
function pageOf(
  from: PageSource,
  where: SQL | undefined,
  order: SQL,
  page: { limit: number; offset: number },
): SQL {
  return sql`select ${sql.raw(from)}.id, row_number() over (order by ${order}) as n
             from ${sql.raw(from)} ${where ? sql`where ${where}` : sql``}
             order by n limit ${page.limit} offset ${page.offset}`;
}

/**
 * Facet counts: the single-valued facets over the matches `m`, their own filter included, so they say
 * how the current result splits. Brand, colour and size take several values, so each counts over the
 * matches without its own filter (`mb` without the brand; `mv` without colour and size, the variant's
 * other attribute still applied): ticking size M must leave L to tick next, with the count it would add.
 * Colour and size count products, not variants (grouped twice rather than count(distinct), which would
 * sort every variant row). The total and the price range come as facet rows too.
 */
function facetRowsOf(filters: ProductFilters): SQL {
  const size = filters.size === undefined ? sql`true` : anyOf(sql`v.size`, filters.size);
  const color = filters.color === undefined ? sql`true` : anyOf(sql`v.color`, filters.color);
  return sql`(select json_agg(f) from (
    select 'gender' as facet, gender as value, count(*)::int as n from m group by gender
    union all select 'brand', brand, count(*)::int from mb group by brand
    union all select 'category', category, count(*)::int from m group by category
    union all select 'subCategory', sub_category, count(*)::int from m group by sub_category
    union all select 'type', type, count(*)::int from m group by type
    union all select 'color', color, count(*)::int from (
                select v.color, v.product_id from ${productVariants} v join mv on mv.id = v.product_id
                where ${size} group by v.color, v.product_id) c group by color
    union all select 'size', size, count(*)::int from (
                select v.size, v.product_id from ${productVariants} v join mv on mv.id = v.product_id
                where ${color} group by v.size, v.product_id) s group by size
    union all select 'total', null, count(*)::int from m
    union all select 'priceMin', null, min(price_paise) from m
    union all select 'priceMax', null, max(price_paise) from m) f)`;
}

/** Rows of a raw statement; both drivers (node-postgres and PGlite) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The single row of a statement that aggregates its answer into one row. */
async function rowOf<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rowsOf<T>(db, query);
  if (row === undefined) throw new Error('an aggregate statement answered no row');
  return row;
}

/**
 * All SQL of the catalog. Every value reaches the database as a bound parameter. Each call is one
 * statement (a text query adds the settings of withFuzzyText): on PGlite every statement costs its
 * parse, plan and a trip through the WebAssembly boundary, on a server a network round trip, so
 * lists come back as JSON aggregated in the database rather than from several queries.
 */
export function createCatalogRepository(db: Db) {
  const productDetail = db
    .select({
      ...productBasicsColumns,
      description: products.description,
      images: products.images,
      imageColors: products.imageColors,
      isRefundable: products.isRefundable,
      rating: products.rating,
      numReviews: products.numReviews,
      // Variants come with the product in the same statement: one round trip per detail page.
      variants: sql<DetailRow['variants']>`coalesce((
        select json_agg(json_build_object('color', v.color, 'size', v.size, 'countInStock', v.count_in_stock)
                        order by v.position, v.color, v.size)
        from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`,
    })
    .from(products)
    .where(and(eq(products.id, sql.placeholder('id')), onSale))
    .prepare('catalog_product_detail');

  /**
   * Runs text queries with the lowered trigram threshold. pg_trgm declares its similarity functions
   * as cheap, so on a small or mid-sized catalog the planner prefers a sequential scan that computes
   * word similarity on every row, several times slower than the trigram indexes (measured: 4 ms
   * against 0.5 ms for one word on the 352 demo products); within these read-only queries the
   * planner is steered to the indexes. That inflates the plan's cost estimate, which would trigger
   * JIT compilation (seconds on a server built with LLVM), so JIT is off too. The settings end with
   * the transaction. No operator or query shape reaches the indexes without them, so a text query
   * costs BEGIN, the settings, the query and COMMIT.
   */
  function withFuzzyText<T>(work: (q: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true),
                   set_config('enable_seqscan', 'off', true),
                   set_config('jit', 'off', true)`,
      );
      return work(tx);
    });
  }

  function textAware<T>(words: string[] | undefined, work: (q: Db) => Promise<T>): Promise<T> {
    return words?.length ? withFuzzyText(work) : work(db);
  }

  return {
    /** One page of the products on sale and how many there are. */
    listProducts(page: PageRequest): Promise<{ rows: SummaryRow[]; total: number }> {
      return rowOf<{ rows: SummaryRow[]; total: number }>(
        db,
        sql`select ${summariesOf(pageOf('products', onSale, orderOf(page.order, 'products', false), page))} as rows,
                   (select count(*)::int from ${products} where ${onSale}) as total`,
      );
    },

    /**
     * Summaries of the named products (valid ids) in the order named, in one statement; unknown ids
     * are left out, and so are products not on sale unless `withHidden` (staff screens).
     */
    async summariesByIds(ids: readonly string[], withHidden = false): Promise<SummaryRow[]> {
      if (ids.length === 0) return [];
      const named = sql.join(
        ids.map((id, n) => sql`(${id}::uuid, ${n}::int)`),
        sql`, `,
      );
      const shown = withHidden
        ? sql`select * from (values ${named}) as named(id, n)`
        : sql`select named.id, named.n from (values ${named}) as named(id, n)
              join ${products} on ${products.id} = named.id where ${onSale}`;
      const { rows } = await rowOf<{ rows: SummaryRow[] }>(db, sql`select ${summariesOf(shown)} as rows`);
      return rows;
    },

    async productById(id: string): Promise<DetailRow | undefined> {
      const [row] = await productDetail.execute({ id });
      return row;
    },

    /** Stores a product's average rating and review count. */
    async setRating(id: string, rating: number, numReviews: number): Promise<void> {
      await db.update(products).set({ rating, numReviews }).where(eq(products.id, id));
    },

    /**
     * One page of matching products plus the facet rows (which carry the total), from one statement:
     * the matches are found once (`m`) and both the page and the facets read them.
     */
    search(filters: ProductFilters, page: PageRequest): Promise<{ rows: SummaryRow[]; facets: FacetRow[] }> {
      const ranked = page.order === 'relevance' && Boolean(filters.words?.length);
      const rank = ranked ? relevance(filters.words ?? []) : sql`0`;
      const columns = sql`${products.id} as id, ${products.gender} as gender, ${products.brand} as brand,
                       ${products.category} as category, ${products.subCategory} as sub_category,
                       ${products.type} as type, ${products.pricePaise} as price_paise,
                       ${products.mrpPaise} as mrp_paise, ${products.soldCount} as sold_count,
                       ${products.rating} as rating, ${products.numReviews} as num_reviews,
                       ${products.createdAt} as created_at, ${rank} as rank`;
      // The matches without a multi-valued group's own filter (facetRowsOf), or `m` when it is not set.
      const matchesWithout = (name: 'mb' | 'mv', others: ProductFilters | undefined) =>
        others === undefined
          ? sql`${sql.raw(name)} as (select * from m)`
          : sql`${sql.raw(name)} as materialized (select ${columns} from ${products} where ${whereOf(others) ?? sql`true`})`;
      const { brand, ...withoutBrand } = filters;
      const { color, size, ...withoutVariant } = filters;
      return textAware(filters.words, (q) =>
        rowOf<{ rows: SummaryRow[]; facets: FacetRow[] }>(
          q,
          sql`with m as materialized (select ${columns} from ${products} where ${whereOf(filters) ?? sql`true`}),
              ${matchesWithout('mb', brand && withoutBrand)},
              ${matchesWithout('mv', color || size ? withoutVariant : undefined)}
              select ${summariesOf(pageOf('m', undefined, orderOf(page.order, 'm', ranked), page))} as rows,
                     ${facetRowsOf(filters)} as facets`,
        ),
      );
    },

    /**
     * The home page's product rows, each `limit` long, and each gender + category with its product
     * count and the image of its best-selling product, in one statement. Best sellers are products
     * that have sold at least once, most sold first; deals are in-stock products with the largest
     * share off their MRP.
     */
    homeSections(limit: number): Promise<{
      newest: SummaryRow[];
      bestSellers: SummaryRow[];
      deals: SummaryRow[];
      categories: CategoryCountRow[];
    }> {
      const page = { limit, offset: 0 };
      return rowOf(
        db,
        sql`select
              ${summariesOf(pageOf('products', onSale, orderOf('newest', 'products', false), page))} as "newest",
              ${summariesOf(
                pageOf(
                  'products',
                  and(onSale, sql`${products.soldCount} > 0`),
                  orderOf('popular', 'products', false),
                  page,
                ),
              )} as "bestSellers",
              ${summariesOf(
                pageOf(
                  'products',
                  and(onSale, sql`${products.mrpPaise} > ${products.pricePaise}`, inStock),
                  orderOf('discount', 'products', false),
                  page,
                ),
              )} as "deals",
              (select coalesce(json_agg(c), '[]'::json) from (
                 select ${products.gender} as gender, ${products.category} as category,
                        coalesce((array_agg(${products.images}[1]
                                  order by ${products.soldCount} desc, ${products.createdAt} desc)
                                  filter (where cardinality(${products.images}) > 0))[1], '') as image,
                        count(*)::int as count
                 from ${products} where ${onSale}
                 group by ${products.gender}, ${products.category}) c) as "categories"`,
      );
    },

    /** The distinct paths of the category tree, of products on sale; brand matters only under Brand. */
    categoryPaths(): Promise<CategoryPath[]> {
      return db
        .selectDistinct({
          gender: products.gender,
          brand: sql<string>`case when ${products.gender} = 'Brand' then ${products.brand} else '' end`,
          category: products.category,
          subCategory: products.subCategory,
          type: products.type,
        })
        .from(products)
        .where(onSale);
    },

    /**
     * Suggestions for the search box, read from the matches `m` of the query's filters and words: the
     * best-matching products (the most sold when no word is left), and names that match the words
     * `names`. Unlabelled (the original answer): category-column values and brands that match every
     * word, since the client turns such a category into an exact `category=` filter. Labelled:
     * nodes of the category tree at every level and brands that match any of the words, those
     * holding the most words first, then the largest. Candidates come only from matching products,
     * so the trigram indexes narrow the work.
     */
    autocomplete(
      filters: ProductFilters,
      names: string[],
      options: { productLimit: number; labelled: boolean },
    ): Promise<{
      products: { id: string; name: string; image: string | null }[];
      labels: { kind: 'category' | 'brand'; value: string }[];
      nodes: CategoryNodeRow[];
    }> {
      const words = filters.words ?? [];
      const phrase = names.join(' ');
      const matchOf = (w: string, value: SQL) => sql`(${containsWord(w, value)} or ${resembles(w, value)})`;
      const everyName = and(...names.map((w) => matchOf(w, sql`lower(l.value)`)));
      // A name that holds a word outranks one that only resembles it: "kurti" is Kurtis before Kurtas.
      const nameScore = sql.join(
        names.map(
          (w) =>
            sql`(case when ${containsWord(w, sql`lower(l.value)`)} then 2 when ${resembles(w, sql`lower(l.value)`)} then 1 else 0 end)`,
        ),
        sql` + `,
      );
      const productOrder = words.length ? orderOf('relevance', 'm', true) : orderOf('popular', 'm', false);
      const labels =
        names.length === 0
          ? sql`'[]'::json`
          : options.labelled
            ? sql`(select coalesce(json_agg(json_build_object('kind', 'brand', 'value', l.value) order by l.n), '[]'::json)
                   from (select l.value,
                                row_number() over (order by ${nameScore} desc,
                                                            word_similarity(lower(${phrase}::text), lower(l.value)) desc,
                                                            l.value) as n
                         from (select distinct brand as value from m) l
                         where ${nameScore} > 0 order by n limit 10) l)`
            : sql`(select coalesce(json_agg(json_build_object('kind', l.kind, 'value', l.value) order by l.n), '[]'::json)
                   from (select l.kind, l.value,
                                row_number() over (order by word_similarity(lower(${phrase}::text), lower(l.value)) desc,
                                                            length(l.value), l.value) as n
                         from (select 'category' as kind, category as value from m
                               union select 'brand', brand from m) l
                         where ${everyName}
                         order by n limit 50) l)`;
      const nodes =
        names.length === 0 || !options.labelled
          ? sql`'[]'::json`
          : sql`(select coalesce(json_agg(l order by l.matched desc, l.count desc, l.similarity desc, l.depth, length(l.value), l.rank, l.value), '[]'::json)
                 from (select l.*, ${nameScore} as matched,
                              word_similarity(lower(${phrase}::text), lower(l.value)) as similarity
                       from ${nodesOf('m')} l
                       where ${nameScore} > 0
                       order by matched desc, l.count desc, similarity desc, l.depth, length(l.value), l.rank, l.value
                       limit 20) l)`;
      return withFuzzyText((tx) =>
        rowOf(
          tx,
          sql`with m as materialized (
                select ${products.id} as id, ${products.name} as name, ${products.gender} as gender,
                       ${products.brand} as brand, ${products.category} as category,
                       ${products.subCategory} as sub_category, ${products.type} as type,
                       ${products.createdAt} as created_at, ${products.soldCount} as sold_count,
                       ${products.images}[1] as image,
                       ${words.length ? relevance(words) : sql`0`} as rank
                from ${products} where ${whereOf(filters) ?? sql`true`})
              select
                (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'image', p.image) order by p.n), '[]'::json)
                 from (select m.id, m.name, m.image, row_number() over (order by ${productOrder}) as n
                       from m order by n limit ${options.productLimit}) p) as products,
                ${labels} as labels,
                ${nodes} as nodes`,
        ),
      );
    },

    /**
     * The nodes of the category tree nearest to a search that found nothing: among the products its
     * category levels allow (colour, size, price and words aside), those at `levels` whose name is
     * most like one of `names`; with no names, every such node there, the largest first.
     */
    async nearestCategories(
      filters: ProductFilters,
      names: string[],
      { levels, limit }: { levels: CategoryNodeRow['level'][]; limit: number },
    ): Promise<CategoryNodeRow[]> {
      const similarity = names.length
        ? sql`greatest(${sql.join(
            names.map((w) => sql`word_similarity(lower(${w}::text), lower(l.value))`),
            sql`, `,
          )})`
        : sql`1`;
      const { gender, brand, category, subCategory, type } = filters;
      const { nodes } = await rowOf<{ nodes: CategoryNodeRow[] }>(
        db,
        sql`with m as materialized (
              select ${products.name} as name, ${products.gender} as gender, ${products.brand} as brand,
                     ${products.category} as category, ${products.subCategory} as sub_category,
                     ${products.type} as type
              from ${products} where ${whereOf({ gender, brand, category, subCategory, type }) ?? sql`true`})
            select (select coalesce(json_agg(l order by l.similarity desc, l.count desc, l.depth, l.rank, l.value), '[]'::json)
                    from (select l.*, ${similarity} as similarity from ${nodesOf('m')} l
                          where ${similarity} >= ${NEAREST_SIMILARITY}::real
                            and l.level in (${sql.join(
                              levels.map((level) => sql`${level}`),
                              sql`, `,
                            )})
                          order by similarity desc, l.count desc, l.depth, l.rank, l.value limit ${limit}) l) as nodes`,
      );
      return nodes;
    },

    /** The most sold products the filters allow, those in stock first. */
    async bestSellers(filters: ProductFilters, limit: number): Promise<SummaryRow[]> {
      const order = sql`${inStock} desc, ${orderOf('popular', 'products', false)}`;
      const { rows } = await rowOf<{ rows: SummaryRow[] }>(
        db,
        sql`select ${summariesOf(pageOf('products', whereOf(filters), order, { limit, offset: 0 }))} as rows`,
      );
      return rows;
    },

    /**
     * What search words are read against (search-vocabulary.ts): synonyms, and of the products on sale
     * the category paths, colours, sizes and the words of their names, brands and categories.
     */
    vocabularySource(): Promise<VocabularySource> {
      return rowOf<VocabularySource>(
        db,
        sql`select
              (select coalesce(json_agg(json_build_object('term', s.term, 'replacement', s.replacement)), '[]'::json)
               from ${searchSynonyms} s) as synonyms,
              (select coalesce(json_agg(p), '[]'::json)
               from (select distinct ${products.gender} as gender, ${products.brand} as brand,
                            ${products.category} as category, ${products.subCategory} as "subCategory",
                            ${products.type} as type from ${products} where ${onSale}) p) as paths,
              (select coalesce(json_agg(distinct v.color), '[]'::json)
               from ${productVariants} v join ${products} on ${products.id} = v.product_id where ${onSale}) as colors,
              (select coalesce(json_agg(distinct v.size), '[]'::json)
               from ${productVariants} v join ${products} on ${products.id} = v.product_id where ${onSale}) as sizes,
              (select coalesce(json_agg(distinct w), '[]'::json)
               from ${products} p, regexp_split_to_table(p.title_text, '\\s+') w where p.status = 'active') as "titleWords"`,
      );
    },

    /**
     * The positions of the candidates that hold: every product on sale whose name, brand or category
     * mentions the phrase carries its value.
     */
    async candidatesThatHold(candidates: readonly FilterCandidate[]): Promise<number[]> {
      const carries = sql`case c.field
        when 'brand' then p.brand = c.value
        when 'category' then p.category = c.value
        when 'subCategory' then p.sub_category = c.value
        when 'type' then p.type = c.value
        else exists (select 1 from ${productVariants} v where v.product_id = p.id and v.color = c.value) end`;
      if (candidates.length === 0) return [];
      const holding = sql`(select coalesce(json_agg(c.i), '[]'::json)
               from (values ${sql.join(
                 candidates.map(
                   (c, i) =>
                     sql`(${i}::int, ${mentionPattern(c.phrase)}::text, ${c.field}::text, ${c.value}::text)`,
                 ),
                 sql`, `,
               )}) as c(i, pattern, field, value)
               where not exists (select 1 from ${products} p
                                 where p.status = 'active' and p.title_text ~ c.pattern and not (${carries})))`;
      // Each pattern is looked up in the trigram index rather than tried on every product.
      const { holding: held } = await withFuzzyText((tx) =>
        rowOf<{ holding: number[] }>(tx, sql`select ${holding} as holding`),
      );
      return held;
    },

    /**
     * Which of the queries (each as the filters and words search reads it as) match no product on
     * sale, by position, in one statement with the same matching as search.
     */
    async unmatched(queries: ProductFilters[]): Promise<number[]> {
      if (queries.length === 0) return [];
      const checks = sql.join(
        queries.map(
          (filters, n) =>
            sql`select ${n}::int as n where not exists (select 1 from ${products} where ${whereOf(filters)})`,
        ),
        sql` union all `,
      );
      const rows = await withFuzzyText((tx) => rowsOf<{ n: number }>(tx, checks));
      return rows.map((row) => row.n);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
