import { createHash } from 'node:crypto';
import { groupImagesByColor } from '../../../common/color-images';
import { AUTOCOMPLETE_MAX_RESULTS, TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import { toPaise, toRupees } from '../../../common/money';
import type {
  AutocompleteItem,
  Gender,
  HomeSections,
  ListProductsQuery,
  ProductDetail,
  ProductPage,
  ProductSummary,
  SearchFacets,
  SearchQuery,
  SearchResult,
} from '../../../common/schemas/catalog';
import { NotFoundError } from '../../errors';
import type {
  CatalogRepository,
  FacetName,
  FacetRow,
  ProductFilters,
  ProductOrder,
  SummaryRow,
} from './catalog.repository';
import { buildCategoryTree } from './category-tree';
import { createReadCache } from './read-cache';

/** Products in each home section: a row of cards on desktop, a short swipe on a phone. */
export const HOME_SECTION_SIZE = 12;
export const HOME_CATEGORY_COUNT = 12;
const AUTOCOMPLETE_CATEGORIES = 3;
const AUTOCOMPLETE_BRANDS = 2;
/** More words than this add nothing a shopper meant and only cost index work. */
const MAX_QUERY_WORDS = 8;
/** Prices are an `integer` column; a larger bound would overflow the query parameter. */
const MAX_PAISE = 2_147_483_647;

export const PRODUCT_NOT_FOUND = 'Product not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL text cannot hold NUL; a stray %00 in a URL must not reach the database as an error. */
function clean(text: string | undefined): string | undefined {
  const cleaned = text?.replaceAll('\u0000', '').trim();
  return cleaned ? cleaned : undefined;
}

/** The words of a text query: split on spaces, without tokens that hold no letter or digit. */
export function queryWords(text: string): string[] {
  const words = text
    .replaceAll('\u0000', '')
    .split(/\s+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

function paiseBound(rupees: number | undefined): number | undefined {
  return rupees === undefined ? undefined : Math.min(toPaise(rupees), MAX_PAISE);
}

function toSummary(row: SummaryRow): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    // The column holds one of the top-level names; every writer goes through genderSchema.
    gender: row.gender as Gender,
    category: row.category,
    subCategory: row.subCategory,
    type: row.type,
    price: toRupees(row.pricePaise),
    mrp: toRupees(row.mrpPaise),
    image: row.image,
    rating: row.rating,
    numReviews: row.numReviews,
    countInStock: row.countInStock,
  };
}

function pagesOf(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

function facetsFrom(rows: FacetRow[]): { facets: SearchFacets; total: number } {
  const facets: SearchFacets = {
    gender: [],
    brand: [],
    category: [],
    subCategory: [],
    type: [],
    color: [],
    size: [],
    price: { min: 0, max: 0 },
  };
  let total = 0;
  for (const row of rows) {
    if (row.facet === 'total') total = row.n ?? 0;
    else if (row.facet === 'priceMin') facets.price.min = row.n === null ? 0 : toRupees(row.n);
    else if (row.facet === 'priceMax') facets.price.max = row.n === null ? 0 : toRupees(row.n);
    else if (row.value !== null) facets[row.facet as FacetName].push({ value: row.value, count: row.n ?? 0 });
  }
  for (const name of ['gender', 'brand', 'category', 'subCategory', 'type', 'color', 'size'] as const) {
    facets[name].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
  return { facets, total };
}

function emptySearch(page: number): SearchResult {
  return { ...facetsFrom([]), products: [], page, pages: 0 };
}

/** Distinct searches and suggestions kept at once; each answer is a few kilobytes. */
const CACHED_SEARCHES = 500;
const CACHED_SUGGESTIONS = 1000;

export interface CatalogServiceOptions {
  /**
   * How long the tree, the home sections, searches and suggestions are reused from memory
   * (CATALOG_CACHE_SECONDS; 0 turns it off). Product details are always read fresh: shoppers pick
   * a variant by its stock. See docs/decisions/002-catalog-read-cache.md.
   */
  cacheSeconds: number;
  /** A millisecond clock for the cache; tests move it instead of sleeping. */
  now?: () => number;
}

/** The catalog's use cases: shapes answers for the routes, money in rupees, from the repository's rows. */
export function createCatalogService(
  repository: CatalogRepository,
  { cacheSeconds, now }: CatalogServiceOptions = { cacheSeconds: 0 },
) {
  const ttl = { ttlSeconds: cacheSeconds, now };
  const treeCache = createReadCache<{ json: string; etag: string }>({ ...ttl, maxEntries: 1 });
  const homeCache = createReadCache<HomeSections>({ ...ttl, maxEntries: 1 });
  const searchCache = createReadCache<SearchResult>({ ...ttl, maxEntries: CACHED_SEARCHES });
  const suggestionCache = createReadCache<AutocompleteItem[]>({ ...ttl, maxEntries: CACHED_SUGGESTIONS });

  async function readHomeSections(): Promise<HomeSections> {
    const home = await repository.homeSections(HOME_SECTION_SIZE);
    const topLevel = (gender: string) => {
      const i = TOP_LEVEL_CATEGORIES.indexOf(gender as Gender);
      return i === -1 ? TOP_LEVEL_CATEGORIES.length : i;
    };
    const categories = home.categories
      .filter((c) => topLevel(c.gender) < TOP_LEVEL_CATEGORIES.length)
      .sort(
        (a, b) =>
          b.count - a.count ||
          topLevel(a.gender) - topLevel(b.gender) ||
          (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
      )
      .slice(0, HOME_CATEGORY_COUNT)
      .map((c) => ({ gender: c.gender as Gender, category: c.category, image: c.image, count: c.count }));
    return {
      newArrivals: home.newest.map(toSummary),
      bestSellers: home.bestSellers.map(toSummary),
      deals: home.deals.map(toSummary),
      categories,
    };
  }

  async function readCategoryTree(): Promise<{ json: string; etag: string }> {
    const json = JSON.stringify(buildCategoryTree(await repository.categoryPaths()));
    const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
    return { json, etag };
  }

  async function readSearch(
    filters: ProductFilters,
    order: ProductOrder,
    query: SearchQuery,
  ): Promise<SearchResult> {
    const { rows, facets: facetRows } = await repository.search(filters, {
      order,
      limit: query.limit,
      offset: offsetOf(query.page, query.limit),
    });
    const { facets, total } = facetsFrom(facetRows);
    return {
      products: rows.map(toSummary),
      page: query.page,
      pages: pagesOf(total, query.limit),
      total,
      facets,
    };
  }

  async function readSuggestions(words: string[]): Promise<AutocompleteItem[]> {
    const found = await repository.autocomplete(words, AUTOCOMPLETE_MAX_RESULTS);
    const categories = found.labels
      .filter((l) => l.kind === 'category')
      .slice(0, AUTOCOMPLETE_CATEGORIES)
      .map((l) => ({ category: l.value }));
    const brands = found.labels
      .filter((l) => l.kind === 'brand')
      .slice(0, AUTOCOMPLETE_BRANDS)
      .map((l) => ({ brand: l.value }));
    const room = AUTOCOMPLETE_MAX_RESULTS - categories.length - brands.length;
    const productItems = found.products.slice(0, room).map((p) => ({ _id: p.id, name: p.name }));
    return [...categories, ...brands, ...productItems];
  }

  return {
    async listProducts({ page, limit, sort }: ListProductsQuery): Promise<ProductPage> {
      const { rows, total } = await repository.listProducts({
        order: sort,
        limit,
        offset: offsetOf(page, limit),
      });
      return { products: rows.map(toSummary), page, pages: pagesOf(total, limit), total };
    },

    /**
     * Drops every cached answer, so the next read sees the catalog as it is now. Staff changes call it
     * once their transaction has committed: a read already under way was cached before the drop and
     * goes with it, and a read that starts after it sees the committed change (docs/decisions/073).
     */
    forgetCachedReads(): void {
      for (const cache of [treeCache, homeCache, searchCache, suggestionCache]) cache.clear();
    },

    /**
     * The product page, of a product on sale; an id that is not a UUID cannot name a product, so it is
     * simply not found.
     */
    async getProduct(id: string): Promise<ProductDetail> {
      const row = UUID.test(id) ? await repository.productById(id) : undefined;
      if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const colors = [...new Set(row.variants.map((v) => v.color))];
      const sizes = [...new Set(row.variants.map((v) => v.size))];
      return {
        _id: row.id,
        name: row.name,
        description: row.description,
        brand: row.brand,
        gender: row.gender as Gender,
        category: row.category,
        subCategory: row.subCategory,
        type: row.type,
        price: toRupees(row.pricePaise),
        mrp: toRupees(row.mrpPaise),
        images: row.images,
        colorImages: groupImagesByColor(row.images, row.imageColors),
        colors,
        sizes,
        variants: row.variants,
        countInStock: row.variants.reduce((sum, v) => sum + v.countInStock, 0),
        isRefundable: row.isRefundable,
        rating: row.rating,
        numReviews: row.numReviews,
      };
    },

    /**
     * Product summaries of the named products in the order named, in one query: what likes, reviews
     * and orders show of products they name. Malformed and unknown ids (a product deleted since) are
     * left out, and so are products not on sale, unless `withHidden` (staff screens name them all); a
     * repeated id is answered once.
     */
    async summariesByIds(
      ids: readonly string[],
      { withHidden = false }: { withHidden?: boolean } = {},
    ): Promise<ProductSummary[]> {
      const valid = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
      return (await repository.summariesByIds(valid, withHidden)).map(toSummary);
    },

    /**
     * Records the rating and review count the reviews module worked out from the approved reviews, in
     * the caller's transaction. Lists show the change once their cached answers expire (decision 002);
     * the product page reads it at once.
     */
    setRating(productId: string, rating: number, numReviews: number): Promise<void> {
      return repository.setRating(productId, rating, numReviews);
    },

    homeSections(): Promise<HomeSections> {
      return homeCache('home', readHomeSections);
    },

    /** The category tree, serialised once, with a validator for conditional requests. */
    categoryTree(): Promise<{ json: string; etag: string }> {
      return treeCache('tree', readCategoryTree);
    },

    async search(query: SearchQuery): Promise<SearchResult> {
      const name = clean(query.name);
      const words = name === undefined ? undefined : queryWords(name);
      // Text made only of punctuation cannot match any word, so there is nothing to look up.
      if (words?.length === 0) return emptySearch(query.page);
      const filters: ProductFilters = {
        gender: clean(query.gender),
        brand: clean(query.brand),
        category: clean(query.category),
        subCategory: clean(query.subCategory),
        type: clean(query.type),
        color: clean(query.color),
        size: clean(query.size),
        minPricePaise: paiseBound(query.minPrice),
        maxPricePaise: paiseBound(query.maxPrice),
        words,
      };
      const order = query.sort ?? (words ? 'relevance' : 'newest');
      // The key holds the query as it reaches the database, so equivalent URLs share an entry.
      const key = JSON.stringify([filters, order, query.page, query.limit]);
      return searchCache(key, () => readSearch(filters, order, query));
    },

    /**
     * The searched texts that find no product in the catalog as it is now, in the order given (for
     * the back office's searches with no results). A text without a word to match finds nothing.
     */
    async textsWithoutResults(texts: readonly string[]): Promise<string[]> {
      const asked = texts.map((text) => ({ text, words: queryWords(clean(text) ?? '') }));
      const searchable = asked.filter((query) => query.words.length > 0);
      const unmatched = new Set(await repository.unmatched(searchable.map((query) => query.words)));
      return asked
        .filter((query) => query.words.length === 0 || unmatched.has(searchable.indexOf(query)))
        .map((query) => query.text);
    },

    /**
     * Up to 10 suggestions: a few category-level names and brands first (they lead to many products),
     * then the best-matching products.
     */
    async autocomplete(q: string | undefined): Promise<AutocompleteItem[]> {
      const text = clean(q?.slice(0, 100));
      if (text === undefined || [...text].length < 2) return [];
      const words = queryWords(text);
      if (words.length === 0) return [];
      return suggestionCache(words.join(' '), () => readSuggestions(words));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
