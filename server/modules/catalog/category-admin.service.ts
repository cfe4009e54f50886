import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import {
  type AddCategory,
  type AdminCategories,
  CATEGORY_MESSAGES,
  type CategoryNode,
  type ChangeCategory,
  type RenameBrand,
} from '../../../common/schemas/admin-categories';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { createCategoryAdminRepository, type LevelPath, type PathCount } from './category-admin.repository';
import { compareNames } from './category-tree';

/** What one category change did, for its audit record. */
export interface CategoryChange {
  action: string;
  entityId: string;
  before: unknown;
  after: unknown;
  products: number;
}

interface Building {
  products: number;
  children: Map<string, Building>;
}

function nodesOf(children: Map<string, Building>, order: (names: string[]) => string[]): CategoryNode[] {
  return order([...children.keys()]).map((name) => {
    const node = children.get(name) as Building;
    return { name, products: node.products, children: nodesOf(node.children, (n) => n.sort(compareNames)) };
  });
}

/** The staff tree: every gender (empty ones too), then the levels below as deep as each path goes. */
export function buildAdminTree(paths: readonly PathCount[]): CategoryNode[] {
  const root = new Map<string, Building>(
    TOP_LEVEL_CATEGORIES.map((gender) => [gender, { products: 0, children: new Map() }]),
  );
  for (const path of paths) {
    let level = root;
    const names = [path.gender, path.category, path.subCategory, path.type];
    // A blank level ends the path, as in the shop's menu.
    const end = names.indexOf('');
    for (const name of end === -1 ? names : names.slice(0, end)) {
      let node = level.get(name);
      if (!node) {
        node = { products: 0, children: new Map() };
        level.set(name, node);
      }
      node.products += path.products;
      level = node.children;
    }
  }
  const rank = (name: string) => {
    const i = TOP_LEVEL_CATEGORIES.indexOf(name as (typeof TOP_LEVEL_CATEGORIES)[number]);
    return i === -1 ? TOP_LEVEL_CATEGORIES.length : i;
  };
  return nodesOf(root, (names) => names.sort((a, b) => rank(a) - rank(b) || compareNames(a, b)));
}

const label = (path: LevelPath) => path.join(' › ');

/**
 * Staff edits of the category tree. Products carry their names (docs/decisions/074), so a rename or
 * a move rewrites the products below the node; the flow around it writes the audit record and drops
 * the shop's cached reads.
 */
export function createCategoryAdminService(db: Db, { now }: { now: () => Date }) {
  const repository = createCategoryAdminRepository(db);

  return {
    async read(): Promise<AdminCategories> {
      const brandCounts = new Map<string, number>();
      for (const { name, products } of await repository.brands()) {
        brandCounts.set(name, (brandCounts.get(name) ?? 0) + products);
      }
      return {
        tree: buildAdminTree(await repository.paths()),
        brands: [...brandCounts.keys()]
          .sort(compareNames)
          .map((name) => ({ name, products: brandCounts.get(name) ?? 0 })),
      };
    },

    /** 404 when the parent is not in the tree (a gender always is), 409 when the name is already there. */
    async add({ parent, name }: AddCategory): Promise<CategoryChange> {
      if (parent.length > 1 && !(await repository.exists(parent))) {
        throw new NotFoundError(CATEGORY_MESSAGES.notFound);
      }
      const path = [...parent, name];
      if (await repository.exists(path)) throw new ConflictError(CATEGORY_MESSAGES.exists(name), 'EXISTS');
      await repository.addNode(path);
      return { action: 'category.add', entityId: label(path), before: null, after: { path }, products: 0 };
    },

    /**
     * Renames and/or moves the node at `path`, with everything below it. A name already used at the
     * new place joins the two (their products and levels below come together), which is how staff
     * merge "Kurti" into "Kurtis".
     */
    async change({ path, name, parent }: ChangeCategory): Promise<CategoryChange> {
      if (!(await repository.exists(path))) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
      const newParent = parent ?? path.slice(0, -1);
      if (parent && parent.length > 1 && !(await repository.exists(parent))) {
        throw new NotFoundError(CATEGORY_MESSAGES.notFound);
      }
      const to = [...newParent, name ?? (path.at(-1) as string)];
      const moved = label(to) === label(path) ? 0 : await repository.move(path, to, now());
      return {
        action: parent ? 'category.move' : 'category.rename',
        entityId: label(path),
        before: { path },
        after: { path: to },
        products: moved,
      };
    },

    /** 409 when the brand exists already. */
    async addBrand(name: string): Promise<CategoryChange> {
      if (await repository.brandExists(name)) {
        throw new ConflictError(CATEGORY_MESSAGES.brandExists(name), 'EXISTS');
      }
      await repository.addBrand(name);
      return { action: 'brand.add', entityId: name, before: null, after: { name }, products: 0 };
    },

    /** Renames a brand on its products; a name already in use joins the two. */
    async renameBrand({ from, name }: RenameBrand): Promise<CategoryChange> {
      if (!(await repository.brandExists(from))) throw new NotFoundError(CATEGORY_MESSAGES.brandNotFound);
      const products = from === name ? 0 : await repository.renameBrand(from, name, now());
      return { action: 'brand.rename', entityId: from, before: { name: from }, after: { name }, products };
    },
  };
}

export type CategoryAdminService = ReturnType<typeof createCategoryAdminService>;
