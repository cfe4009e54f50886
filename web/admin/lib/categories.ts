import { useQuery } from '@tanstack/react-query';
import { API } from '../../../common/api-paths';
import type { CategoryTree } from '../../../common/schemas/catalog';
import { api } from '../../lib/api-client';

export const categoryTreeKey = ['admin', 'category-tree'] as const;

/**
 * The shop's category tree as the menu shows it, for the pickers and filters of the product screens.
 * Staff screens read it fresh: a rename made a moment ago must show here at once.
 */
export function useCategoryTree() {
  return useQuery({
    queryKey: categoryTreeKey,
    queryFn: () => api.get<CategoryTree>(API.catalog.categoryTree),
    staleTime: 0,
  });
}

/** The names one level below `path` (gender → category → subCategory → type), sorted as the tree keeps them. */
export function namesUnder(tree: CategoryTree | undefined, path: readonly string[]): string[] {
  let node: CategoryTree | undefined = tree;
  for (const name of path) node = node && Object.hasOwn(node, name) ? node[name] : undefined;
  return node ? Object.keys(node) : [];
}

/** Every category name (the level below a gender), once, alphabetically: the product table's filter. */
export function categoryNames(tree: CategoryTree | undefined): string[] {
  const names = new Set<string>();
  for (const gender of Object.keys(tree ?? {})) {
    if (gender === 'Brand') continue;
    for (const name of namesUnder(tree, [gender])) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}
