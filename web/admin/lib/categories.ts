import { useQuery } from '@tanstack/react-query';
import { API } from '../../../common/api-paths';
import type { AdminCategories, CategoryNode } from '../../../common/schemas/admin-categories';
import { api } from '../../lib/api-client';

export const categoriesKey = ['admin', 'categories'] as const;

/**
 * The staff category tree (every gender, with the nodes added ahead of their products) and the brands,
 * for the Categories screen and the product screens' pickers and filters. The staff API is never
 * cached, so a rename made a moment ago shows here at once.
 */
export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: () => api.get<AdminCategories>(API.admin.categories),
  });
}

/** The names one level below `path` (gender → category → subCategory → type), as the tree orders them. */
export function namesUnder(tree: readonly CategoryNode[] | undefined, path: readonly string[]): string[] {
  let nodes: readonly CategoryNode[] = tree ?? [];
  for (const name of path) nodes = nodes.find((node) => node.name === name)?.children ?? [];
  return nodes.map((node) => node.name);
}

/** Every category name (the level below a gender), once, alphabetically: the product table's filter. */
export function categoryNames(tree: readonly CategoryNode[] | undefined): string[] {
  const names = new Set((tree ?? []).flatMap((gender) => gender.children.map((node) => node.name)));
  return [...names].sort((a, b) => a.localeCompare(b));
}
