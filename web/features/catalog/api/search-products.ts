import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { SearchResult } from '../../../../common/schemas/catalog';
import { api, toQueryString } from '../../../lib/api-client';
import type { SearchParams } from '../lib/search-params';

/** The key holds the API query string, so the same URL reuses the cache (instant back navigation). */
export const searchQueryKey = (query: string) => ['catalog', 'search', query] as const;

/** The API query for the URL's parameters: only the ones with a value are sent (SPEC.md §2). */
export function searchApiQuery(params: SearchParams): string {
  return toQueryString(params);
}

/** GET /api/products/search with the given query string (as built by searchApiQuery). */
export function fetchSearch(query: string): Promise<SearchResult> {
  return api.get<SearchResult>(`${API.catalog.search}${query}`);
}

export function useSearchProducts(params: SearchParams) {
  const query = searchApiQuery(params);
  return useQuery({
    queryKey: searchQueryKey(query),
    queryFn: () => fetchSearch(query),
    // Keep showing the last results while the next filter or page loads, instead of a blank list.
    placeholderData: keepPreviousData,
  });
}
