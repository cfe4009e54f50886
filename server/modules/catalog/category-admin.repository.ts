import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, categoryNodes, products } from './catalog.schema';

/** A node's path: a gender, then a category, sub-category and type as deep as the node is. */
export type LevelPath = readonly string[];

/** A path with the products under it exactly there ('' for a level the path does not reach). */
export interface PathCount {
  gender: string;
  category: string;
  subCategory: string;
  type: string;
  products: number;
}

const productLevels = [products.gender, products.category, products.subCategory, products.type] as const;
const nodeLevels = [
  categoryNodes.gender,
  categoryNodes.category,
  categoryNodes.subCategory,
  categoryNodes.type,
] as const;

type Levels = typeof productLevels | typeof nodeLevels;

/** The rows at or below `path`: each level the path names matches. */
function under(levels: Levels, path: LevelPath): SQL | undefined {
  return and(...path.map((name, i) => eq(levels[i] as (typeof levels)[number], name)));
}

/** The columns to set so the rows under `from` sit under `to` (same length) instead. */
function moveTo(to: LevelPath): Record<'gender' | 'category' | 'subCategory' | 'type', string> {
  const keys = ['gender', 'category', 'subCategory', 'type'] as const;
  return Object.fromEntries(to.map((name, i) => [keys[i], name])) as Record<(typeof keys)[number], string>;
}

/**
 * The category tree's storage: the paths products use (every status), and the nodes and brands staff
 * added before any product used them.
 */
export function createCategoryAdminRepository(db: Db) {
  return {
    /** Every path products use with its product count, and every added node with none. */
    async paths(): Promise<PathCount[]> {
      const used = await db
        .select({
          gender: products.gender,
          category: products.category,
          subCategory: products.subCategory,
          type: products.type,
          products: count(),
        })
        .from(products)
        .groupBy(...productLevels);
      const added = await db.select().from(categoryNodes);
      return [...used, ...added.map((node) => ({ ...node, products: 0 }))];
    },

    /** Every brand products name with its product count, and every added brand with none. */
    async brands(): Promise<{ name: string; products: number }[]> {
      const used = await db
        .select({ name: products.brand, products: count() })
        .from(products)
        .groupBy(products.brand);
      const added = await db.select().from(brands);
      return [...used, ...added.map(({ name }) => ({ name, products: 0 }))];
    },

    /** Whether any product or added node sits at or below `path`. */
    async exists(path: LevelPath): Promise<boolean> {
      const [product] = await db
        .select({ one: sql`1` })
        .from(products)
        .where(under(productLevels, path))
        .limit(1);
      if (product) return true;
      const [node] = await db
        .select({ one: sql`1` })
        .from(categoryNodes)
        .where(under(nodeLevels, path))
        .limit(1);
      return node !== undefined;
    },

    /** Adds the node at `path` (a gender and at least a category). */
    async addNode(path: LevelPath): Promise<void> {
      await db.insert(categoryNodes).values(moveTo(path)).onConflictDoNothing();
    },

    /**
     * Moves everything at or below `from` to `to` (a path of the same length): the products (each a
     * new version, so an edit opened before the move is refused rather than moving it back) and the
     * added nodes. Answers how many products moved.
     */
    async move(from: LevelPath, to: LevelPath, at: Date): Promise<number> {
      const moved = await db
        .update(products)
        .set({ ...moveTo(to), version: sql`${products.version} + 1`, updatedAt: at })
        .where(under(productLevels, from))
        .returning({ id: products.id });
      const nodes = await db.delete(categoryNodes).where(under(nodeLevels, from)).returning();
      if (nodes.length > 0) {
        await db
          .insert(categoryNodes)
          .values(nodes.map((node) => ({ ...node, ...moveTo(to) })))
          .onConflictDoNothing();
      }
      return moved.length;
    },

    async brandExists(name: string): Promise<boolean> {
      const [product] = await db
        .select({ one: sql`1` })
        .from(products)
        .where(eq(products.brand, name))
        .limit(1);
      if (product) return true;
      const [added] = await db.select().from(brands).where(eq(brands.name, name)).limit(1);
      return added !== undefined;
    },

    async addBrand(name: string): Promise<void> {
      await db.insert(brands).values({ name }).onConflictDoNothing();
    },

    /** Renames a brand on its products (each a new version) and in the added brands; answers how many products. */
    async renameBrand(from: string, to: string, at: Date): Promise<number> {
      const renamed = await db
        .update(products)
        .set({ brand: to, version: sql`${products.version} + 1`, updatedAt: at })
        .where(eq(products.brand, from))
        .returning({ id: products.id });
      const added = await db.delete(brands).where(eq(brands.name, from)).returning();
      if (added.length > 0) await db.insert(brands).values({ name: to }).onConflictDoNothing();
      return renamed.length;
    },
  };
}

export type CategoryAdminRepository = ReturnType<typeof createCategoryAdminRepository>;
