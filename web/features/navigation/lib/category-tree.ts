import { SUBMENU_FLIP_THRESHOLD_PX, TOP_LEVEL_CATEGORIES } from '../../../../common/constants';
import type { CategoryTree } from '../../../../common/schemas/catalog';
import { toQueryString } from '../../../lib/api-client';

const TOP_LEVEL: readonly string[] = TOP_LEVEL_CATEGORIES;
const BRAND = 'Brand';

/**
 * The names below `path`, in the order SPEC.md §9 gives: Men, Women, Boy, Girl, Brand, Others at the top
 * (only those present; any unknown top-level name follows, so no products become unreachable), and
 * alphabetical order below.
 */
export function childNames(tree: CategoryTree, path: readonly string[]): string[] {
  let node: CategoryTree | undefined = tree;
  for (const name of path) node = node?.[name];
  if (!node || typeof node !== 'object') return [];
  const names = Object.keys(node);
  const alphabetical = (a: string, b: string) => a.localeCompare(b, 'en-IN', { sensitivity: 'base' });
  if (path.length > 0) return names.sort(alphabetical);
  const known = TOP_LEVEL.filter((name) => names.includes(name));
  const unknown = names.filter((name) => !TOP_LEVEL.includes(name)).sort(alphabetical);
  return [...known, ...unknown];
}

/** Whether the node at `path` has children (the deepest level maps to `{}`). */
export function hasChildren(tree: CategoryTree, path: readonly string[]): boolean {
  return childNames(tree, path).length > 0;
}

/**
 * The /search address for a chosen category path (SPEC.md §3): gender, category, subCategory, type
 * under a gender; brand, category, subCategory, type under Brand. Only levels with a value are sent.
 */
export function categorySearchPath(path: readonly string[]): string {
  const [top, ...rest] = path;
  const params =
    top === BRAND
      ? { brand: rest[0], category: rest[1], subCategory: rest[2], type: rest[3] }
      : { gender: top, category: rest[0], subCategory: rest[1], type: rest[2] };
  return `/search${toQueryString(params)}`;
}

/** Whether a row can be chosen as a search on its own: the bare "Brand" heading names no products. */
export function isSearchable(path: readonly string[]): boolean {
  return !(path.length === 1 && path[0] === BRAND);
}

/** Submenus open to the left when less than 250 px remain between the row's right edge and the window's. */
export function shouldOpenSubmenuLeft(
  rowRightEdge: number,
  viewportWidth: number,
  threshold = SUBMENU_FLIP_THRESHOLD_PX,
): boolean {
  return viewportWidth - rowRightEdge < threshold;
}
