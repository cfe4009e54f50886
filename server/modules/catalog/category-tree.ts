import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import type { CategoryTree } from '../../../common/schemas/catalog';

/** The columns of one product that place it in the category tree. */
export interface CategoryPath {
  gender: string;
  brand: string;
  category: string;
  subCategory: string;
  type: string;
}

const topLevelRank = new Map<string, number>(TOP_LEVEL_CATEGORIES.map((name, i) => [name, i]));

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Order of the deeper levels: alphabetical, numeric runs compared as numbers ("Size 2" before
 * "Size 10"); names the collator deems equal fall back to code units so the order never depends on
 * which product came first.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The names from the top level down to the type; Brand products branch on their brand first. */
function levelsOf(row: CategoryPath): string[] {
  const levels =
    row.gender === 'Brand'
      ? [row.gender, row.brand, row.category, row.subCategory, row.type]
      : [row.gender, row.category, row.subCategory, row.type];
  // A blank level would show as an empty menu row, so the path ends before it.
  const firstBlank = levels.findIndex((name) => name.trim() === '');
  return firstBlank === -1 ? levels : levels.slice(0, firstBlank);
}

interface Node {
  children: Map<string, Node>;
}

function toTree(node: Node, order: (names: string[]) => string[]): CategoryTree {
  const tree: CategoryTree = {};
  for (const name of order([...node.children.keys()])) {
    // defineProperty, not assignment: a name like "__proto__" must become a key, not a prototype.
    Object.defineProperty(tree, name, {
      value: toTree(node.children.get(name) as Node, (names) => names.sort(compareNames)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return tree;
}

/**
 * Builds the category tree of DESIGN.md §5 from the distinct product paths: top-level keys in the
 * order Men, Women, Boy, Girl, Brand, Others (only those present), deeper keys sorted alphabetically,
 * the type level mapping to `{}`. Rows whose top level is not one of those names are left out, since
 * the contract names the complete top level.
 *
 * Note that a JavaScript object lists integer-like keys ("2", "10") before all others whatever the
 * insertion order, so such names cannot keep their alphabetical place; real category names are words.
 */
export function buildCategoryTree(rows: Iterable<CategoryPath>): CategoryTree {
  const root: Node = { children: new Map() };
  for (const row of rows) {
    if (!topLevelRank.has(row.gender)) continue;
    let node = root;
    for (const name of levelsOf(row)) {
      let child = node.children.get(name);
      if (!child) {
        child = { children: new Map() };
        node.children.set(name, child);
      }
      node = child;
    }
  }
  return toTree(root, (names) =>
    names.sort((a, b) => (topLevelRank.get(a) as number) - (topLevelRank.get(b) as number)),
  );
}
