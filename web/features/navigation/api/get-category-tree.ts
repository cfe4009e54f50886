import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { CATEGORY_TREE_STALE_TIME } from '../../../../common/constants';
import type { CategoryTree } from '../../../../common/schemas/catalog';
import { api } from '../../../lib/api-client';

/** `GET /api/products/category-tree`, cached 5 minutes under the key categoryTree (SPEC.md §7, §9). */
export async function getCategoryTree(): Promise<CategoryTree> {
  const data = await api.get<unknown>(API.catalog.categoryTree);
  // A malformed answer would break every row below it; treat it as a failure instead.
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error('The category tree is not an object');
  }
  return data as CategoryTree;
}

export const categoryTreeQuery = queryOptions({
  queryKey: ['categoryTree'],
  queryFn: getCategoryTree,
  staleTime: CATEGORY_TREE_STALE_TIME,
});

export function useCategoryTree() {
  return useQuery(categoryTreeQuery);
}
