import { createHash } from 'node:crypto';
import { groupImagesByColor } from '../../../common/color-images';
import { AUTOCOMPLETE_MAX_RESULTS, TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import { toPaise, toRupees } from '../../../common/money';
import type {
  AutocompleteItem,
  CategoryLink,
  Gender,
  HomeSections,
  ListProductsQuery,
  ProductDetail,
  ProductPage,
  ProductSummary,
  SearchFacets,
  SearchQuery,
  SearchResult,
  UnderstoodSearch,
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
import { type CategoryNodeRow, categoryLink } from './category-link';
import { buildCategoryTree } from './category-tree';
import { productBasics } from './product-basics';
import { createReadCache } from './read-cache';
import {
  type PhraseFilterName,
  type PhraseFilters,
  type UnderstoodQuery,
  understandQuery,
} from './search-phrase';
import { buildSearchVocabulary, filterCandidates, type SearchVocabulary } from './search-vocabulary';

/** Products in each home section: a row of cards on desktop, a short swipe on a phone. */
export const HOME_SECTION_SIZE = 12;
export const HOME_CATEGORY_COUNT = 12;
const AUTOCOMPLETE_CATEGORIES = 3;
const AUTOCOMPLETE_BRANDS = 2;
/** Categories and popular products offered when a search finds nothing: a row of chips, two rows of cards. */
const NEAREST_CATEGORIES = 4;
const POPULAR_PRODUCTS = 8;
/** Prices are an `integer` column; a larger bound would overflow the query parameter. */
const MAX_PAISE = 2_147_483_647;

export const PRODUCT_NOT_FOUND = 'Product not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL text cannot hold NUL; a stray %00 in a URL must not reach the database as an error. */
function clean(text: string | undefined): string | undefined {
  const cleaned = text?.replaceAll('\u0000', '').trim();
  return cleaned ? cleaned : undefined;
}

/** The values of a filter group, cleaned, each once and sorted, so equivalent URLs read alike. */
function cleanAll(values: string[] | undefined): string[] | undefined {
  const cleaned = [...new Set((values ?? []).flatMap((value) => clean(value) ?? []))].sort();
  return cleaned.length ? cleaned : undefined;
}

/** A single value read from words as a filter group of one. */
function asGroup(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : [value];
}

function paiseBound(rupees: number | undefined): number | undefined {
  return rupees === undefined ? undefined : Math.min(toPaise(rupees), MAX_PAISE);
}

function toSummary(row: SummaryRow): ProductSummary {
  return {
    ...productBasics(row),
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

/** The filters of a query that are set, which its words must not set again. */
function takenBy(filters: ProductFilters): Set<PhraseFilterName> {
  const taken = new Set<PhraseFilterName>();
  const names = ['gender', 'brand', 'category', 'subCategory', 'type', 'color', 'size'] as const;
  for (const name of names) if (filters[name] !== undefined) taken.add(name);
  if (filters.minPricePaise !== undefined) taken.add('minPrice');
  if (filters.maxPricePaise !== undefined) taken.add('maxPrice');
  return taken;
}

/** `filters` with what the words were read as added, prices in paise. */
function withPhrase(
  filters: ProductFilters,
  { minPrice, maxPrice, brand, color, size, ...read }: PhraseFilters,
): ProductFilters {
  return {
    ...filters,
    ...read,
    ...(brand === undefined ? {} : { brand: [brand] }),
    ...(color === undefined ? {} : { color: [color] }),
    ...(size === undefined ? {} : { size: [size] }),
    ...(minPrice === undefined ? {} : { minPricePaise: paiseBound(minPrice) }),
    ...(maxPrice === undefined ? {} : { maxPricePaise: paiseBound(maxPrice) }),
  };
}

/** What the words were read as, for the client; undefined when no filter was read from them. */
function understoodOf(reading: UnderstoodQuery): UnderstoodSearch | undefined {
  if (Object.keys(reading.filters).length === 0) return undefined;
  return { ...(reading.text === undefined ? {} : { name: reading.text }), ...reading.filters };
}

/** Links to category nodes, each label once (a Brand's sub-category "Kurtas" and its type "Kurta" read alike). */
function linksOf(nodes: CategoryNodeRow[], limit: number): CategoryLink[] {
  const seen = new Set<string>();
  const links: CategoryLink[] = [];
  for (const link of nodes.map(categoryLink)) {
    if (seen.has(link.label)) continue;
    seen.add(link.label);
    links.push(link);
  }
  return links.slice(0, limit);
}

/** The levels of the category tree at and below the deepest one the filters set. */
function levelsFrom(filters: ProductFilters): CategoryNodeRow['level'][] {
  if (filters.type !== undefined) return ['type'];
  if (filters.subCategory !== undefined) return ['subCategory', 'type'];
  return ['category', 'subCategory', 'type'];
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
  const vocabularyCache = createReadCache<SearchVocabulary>({ ...ttl, maxEntries: 1 });

  /**
   * The words searches are read against: synonyms, and the brand, category and colour names that every
   * product mentioning them carries. Two statements, once per cache period.
   */
  async function readVocabulary(): Promise<SearchVocabulary> {
    const source = await repository.vocabularySource();
    const candidates = filterCandidates(source);
    const holding = await repository.candidatesThatHold(candidates);
    return buildSearchVocabulary(
      source,
      holding.flatMap((i) => candidates[i] ?? []),
    );
  }

  const vocabulary = () => vocabularyCache('vocabulary', readVocabulary);

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

  /**
   * For a search that found nothing: the category nodes nearest to its words, or to its category
   * filters when no word is left, and the best sellers of the nearest one (of the shop without one).
   */
  async function readAlternatives(
    filters: ProductFilters,
    names: string[],
  ): Promise<SearchResult['alternatives']> {
    const { gender, brand, category, subCategory, type } = filters;
    const placed = [gender, brand, category, subCategory, type].some((level) => level !== undefined);
    const nodes =
      names.length > 0 || placed
        ? await repository.nearestCategories(filters, names, {
            levels: names.length > 0 ? ['category', 'subCategory', 'type'] : levelsFrom(filters),
            limit: NEAREST_CATEGORIES * 3,
          })
        : [];
    const categories = linksOf(nodes, NEAREST_CATEGORIES);
    const [nearest] = categories;
    const popular = await repository.bestSellers(
      nearest
        ? {
            gender: nearest.gender,
            brand: asGroup(nearest.brand),
            category: nearest.category,
            subCategory: nearest.subCategory,
            type: nearest.type,
          }
        : {},
      POPULAR_PRODUCTS,
    );
    return { categories, products: popular.map(toSummary) };
  }

  async function readSearch(
    filters: ProductFilters,
    order: ProductOrder,
    query: SearchQuery,
    names: string[],
    understood: UnderstoodSearch | undefined,
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
      ...(understood ? { understood } : {}),
      ...(total === 0 ? { alternatives: await readAlternatives(filters, names) } : {}),
    };
  }

  async function readSuggestions(reading: UnderstoodQuery, labelled: boolean): Promise<AutocompleteItem[]> {
    const filters = withPhrase(reading.words.length ? { words: reading.words } : {}, reading.filters);
    const names = [...new Set([...reading.words, ...reading.named])];
    const found = await repository.autocomplete(filters, names, {
      productLimit: AUTOCOMPLETE_MAX_RESULTS,
      labelled,
    });
    const brandNames = found.labels.filter((l) => l.kind === 'brand').slice(0, AUTOCOMPLETE_BRANDS);
    if (labelled) {
      const categories = linksOf(found.nodes, AUTOCOMPLETE_CATEGORIES).map((link) => ({
        kind: 'category' as const,
        ...link,
      }));
      const brands = brandNames.map((l) => ({ kind: 'brand' as const, label: l.value, brand: l.value }));
      const room = AUTOCOMPLETE_MAX_RESULTS - categories.length - brands.length;
      const productItems = found.products
        .slice(0, room)
        .map((p) => ({ kind: 'product' as const, label: p.name, _id: p.id, name: p.name, image: p.image }));
      return [...categories, ...brands, ...productItems];
    }
    const categories = found.labels
      .filter((l) => l.kind === 'category')
      .slice(0, AUTOCOMPLETE_CATEGORIES)
      .map((l) => ({ category: l.value }));
    const brands = brandNames.map((l) => ({ brand: l.value }));
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
      for (const cache of [treeCache, homeCache, searchCache, suggestionCache, vocabularyCache])
        cache.clear();
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
        ...productBasics(row),
        description: row.description,
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

    /**
     * Products by filters and text. The text is read first (docs/decisions/080): synonyms, and for a
     * phrase the prices, colours, category levels and audience it names become filters (those the
     * query does not set already), and `understood` says so; the rest is searched as words. A search
     * that finds nothing carries `alternatives`.
     */
    async search(query: SearchQuery): Promise<SearchResult> {
      const explicit: ProductFilters = {
        gender: clean(query.gender),
        brand: cleanAll(query.brand),
        category: clean(query.category),
        subCategory: clean(query.subCategory),
        type: clean(query.type),
        color: cleanAll(query.color),
        size: cleanAll(query.size),
        minPricePaise: paiseBound(query.minPrice),
        maxPricePaise: paiseBound(query.maxPrice),
      };
      const name = clean(query.name);
      let filters = explicit;
      let names: string[] = [];
      let understood: UnderstoodSearch | undefined;
      if (name !== undefined) {
        const reading = understandQuery(name, await vocabulary(), takenBy(explicit));
        // Text made only of punctuation cannot match any word, so there is nothing to look up.
        if (reading.words.length === 0 && Object.keys(reading.filters).length === 0)
          return emptySearch(query.page);
        filters = withPhrase(
          { ...explicit, ...(reading.words.length ? { words: reading.words } : {}) },
          reading.filters,
        );
        names = [...new Set([...reading.words, ...reading.named])];
        understood = understoodOf(reading);
      }
      const order = query.sort ?? (filters.words ? 'relevance' : 'newest');
      // The key holds the query as it reaches the database, so equivalent URLs share an entry.
      const key = JSON.stringify([filters, order, query.page, query.limit, names, understood]);
      return searchCache(key, () => readSearch(filters, order, query, names, understood));
    },

    /**
     * The searched texts that find no product in the catalog as it is now, in the order given (for
     * the back office's searches with no results), each read as search reads it (synonyms, phrases).
     * A text with nothing to match finds nothing.
     */
    async textsWithoutResults(texts: readonly string[]): Promise<string[]> {
      const words = await vocabulary();
      const asked = texts.map((text) => {
        const reading = understandQuery(clean(text) ?? '', words);
        const searchable = reading.words.length > 0 || Object.keys(reading.filters).length > 0;
        const filters = withPhrase(reading.words.length ? { words: reading.words } : {}, reading.filters);
        return { text, filters: searchable ? filters : undefined };
      });
      const searchable = asked.filter((query) => query.filters !== undefined);
      const unmatched = new Set(
        await repository.unmatched(searchable.map((query) => query.filters as ProductFilters)),
      );
      return asked
        .filter((query) => query.filters === undefined || unmatched.has(searchable.indexOf(query)))
        .map((query) => query.text);
    },

    /**
     * Up to 10 suggestions: a few categories and brands first (they lead to many products), then the
     * best-matching products. The text is read as a search reads it. Labelled, categories are nodes of
     * the category tree ("Kurtas for Men") and every item says what it is.
     */
    async autocomplete(q: string | undefined, { labelled = false } = {}): Promise<AutocompleteItem[]> {
      const text = clean(q?.slice(0, 100));
      if (text === undefined || [...text].length < 2) return [];
      const reading = understandQuery(text, await vocabulary());
      if (reading.words.length === 0 && Object.keys(reading.filters).length === 0) return [];
      const key = JSON.stringify([labelled, reading.words, reading.named, reading.filters]);
      return suggestionCache(key, () => readSuggestions(reading, labelled));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
