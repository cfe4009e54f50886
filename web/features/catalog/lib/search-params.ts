import {
  type CategoryLink,
  type ProductSort,
  productSortSchema,
  type UnderstoodSearch,
} from '../../../../common/schemas/catalog';
import { toQueryString } from '../../../lib/api-client';
import { CATALOG_TEXT, FACET_LABELS } from '../texts';

/** The query parameters /search understands (SPEC.md §2 plus DESIGN.md §5's search call). */
export const SEARCH_KEYS = [
  'gender',
  'brand',
  'category',
  'subCategory',
  'type',
  'name',
  'sort',
  'minPrice',
  'maxPrice',
  'size',
  'color',
  'page',
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** Filters that take several values, any of which matches (repeated in the URL: `size=M&size=L`). */
export const MULTI_KEYS = ['brand', 'color', 'size'] as const;
export type MultiKey = (typeof MULTI_KEYS)[number];
const isMulti = (key: string): key is MultiKey => (MULTI_KEYS as readonly string[]).includes(key);

export type SearchParams = Partial<Record<Exclude<SearchKey, MultiKey>, string>> &
  Partial<Record<MultiKey, string[]>>;

/** The facets of the filter panel, in its order; those not in MULTI_KEYS filter to one value each. */
export const FACET_KEYS = ['gender', 'brand', 'category', 'subCategory', 'type', 'color', 'size'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** The values a facet is filtered to, none, one or (for MULTI_KEYS) several. */
export function selectedValues(params: SearchParams, key: FacetKey): string[] {
  const value = params[key];
  return value === undefined ? [] : [value].flat();
}

const SORTS: readonly ProductSort[] = productSortSchema.options;

/** Reads the known parameters from the URL, trimmed; empty ones are left out, repeated ones kept once. */
export function readSearchParams(search: URLSearchParams): SearchParams {
  const params: SearchParams = {};
  for (const key of SEARCH_KEYS) {
    if (isMulti(key)) {
      const values = [...new Set(search.getAll(key).map((v) => v.trim()))].filter(Boolean);
      if (values.length) params[key] = values;
    } else {
      const value = search.get(key)?.trim();
      if (value) params[key] = value;
    }
  }
  return params;
}

/** The sorts offered: Relevance only makes sense when searching by name. */
export function sortOptions(params: SearchParams): ProductSort[] {
  return params.name ? [...SORTS] : SORTS.filter((sort) => sort !== 'relevance');
}

/** The sort in effect: the URL's if valid here, else Relevance for a text search and Newest otherwise. */
export function currentSort(params: SearchParams): ProductSort {
  const options = sortOptions(params);
  const fromUrl = options.find((sort) => sort === params.sort);
  return fromUrl ?? (params.name ? 'relevance' : 'newest');
}

/** The current page number (1 for a missing or odd value). */
export function currentPage(params: SearchParams): number {
  const page = Number(params.page);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A copy of the URL's parameters with `changes` applied (null or '' removes a key). Any change other
 * than the page itself sends the shopper back to page 1.
 */
export function withChanges(
  current: URLSearchParams,
  changes: Partial<Record<SearchKey, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value.trim() === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/**
 * A copy of the URL's parameters with one facet value ticked or unticked, back on page 1. A facet in
 * MULTI_KEYS keeps its other values; any other facet holds one value, which a new one replaces.
 */
export function withToggled(current: URLSearchParams, key: FacetKey, value: string): URLSearchParams {
  const chosen = current.getAll(key);
  if (!isMulti(key)) return withChanges(current, { [key]: chosen.includes(value) ? null : value });
  const next = withChanges(current, { [key]: null });
  const values = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
  for (const v of values) next.append(key, v);
  return next;
}

/** The category path of a search, e.g. "Women › Ethnic Wear › Kurtas". */
export function categoryPath(params: SearchParams): string {
  return [params.gender, params.brand?.join(', '), params.category, params.subCategory, params.type]
    .filter(Boolean)
    .join(' › ');
}

/** The page heading: "Results for 'kurta'", the category path, or "All products". */
export function describeSearch(params: SearchParams): string {
  if (params.name) return CATALOG_TEXT.resultsFor(params.name);
  return categoryPath(params) || CATALOG_TEXT.allProducts;
}

export interface ActiveFilter {
  key: SearchKey;
  value: string;
  label: string;
}

/** The URL's parameters without one active filter (one value of a facet that holds several). */
export function withoutFilter(current: URLSearchParams, { key, value }: ActiveFilter): URLSearchParams {
  return (FACET_KEYS as readonly string[]).includes(key)
    ? withToggled(current, key as FacetKey, value)
    : withChanges(current, { [key]: null });
}

/**
 * The filters set in the URL, one chip per value, for the removable chips (the text search and sort
 * are not filters).
 */
export function activeFilters(params: SearchParams): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  for (const key of FACET_KEYS) {
    for (const value of selectedValues(params, key)) {
      filters.push({ key, value, label: `${FACET_LABELS[key]}: ${value}` });
    }
  }
  if (params.minPrice)
    filters.push({ key: 'minPrice', value: params.minPrice, label: `Min Rs ${params.minPrice}` });
  if (params.maxPrice)
    filters.push({ key: 'maxPrice', value: params.maxPrice, label: `Max Rs ${params.maxPrice}` });
  return filters;
}

/** Where "Clear filters" goes: the same text search without filters, or every product. */
export function clearedSearch(params: SearchParams): string {
  return params.name ? `/search?${new URLSearchParams({ name: params.name })}` : '/search';
}

/**
 * The URL of a search whose words the server read as filters ("red saree under 1000"): those filters
 * set, so they show and can be removed like any other, and `name` only the words still searched as text.
 */
export function understoodSearch(current: URLSearchParams, understood: UnderstoodSearch): URLSearchParams {
  const { name, minPrice, maxPrice, ...filters } = understood;
  return withChanges(current, {
    ...filters,
    name: name ?? null,
    ...(minPrice === undefined ? {} : { minPrice: String(minPrice) }),
    ...(maxPrice === undefined ? {} : { maxPrice: String(maxPrice) }),
  });
}

/** The search that lists a category node's products. */
export function categorySearch({ label: _label, ...filters }: CategoryLink): string {
  return `/search${toQueryString(filters)}`;
}
