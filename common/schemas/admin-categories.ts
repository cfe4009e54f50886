import { z } from 'zod';
import { PRODUCT_LIMITS } from './admin-products';
import { genderSchema } from './catalog';
import { singleLine } from './text';

/**
 * The staff API for the category tree (`API.admin.categories…` in common/api-paths.ts): the tree with
 * its product counts, and adding, renaming and moving its nodes and brands (docs/decisions/074).
 */

/** The levels below the top one (a gender), in order; a node's path names one per level. */
export const CATEGORY_LEVELS = ['category', 'subCategory', 'type'] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export const CATEGORY_MESSAGES = {
  notFound: 'There is no such category.',
  brandNotFound: 'There is no such brand.',
  exists: (name: string) => `“${name}” is already there.`,
  brandExists: (name: string) => `The brand “${name}” already exists.`,
  sameLevel: 'A category moves to a place on its own level: give its new parent’s path.',
  nothingToChange: 'Give a new name, a new parent, or both.',
} as const;

const name = singleLine().trim().min(1, 'Required.').max(PRODUCT_LIMITS.labelMax);

/** A node of the tree: a gender and then one name per level below it, down to the node. */
const pathSchema = z.tuple([genderSchema], name);

/** One node as staff see it: its products (all statuses, below it too) and the nodes below. */
export interface CategoryNode {
  name: string;
  products: number;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z
  .object({
    name: z.string(),
    products: z.number().int(),
    children: z.array(z.lazy(() => categoryNodeSchema)),
  })
  .meta({ id: 'CategoryNode' });

export const brandSchema = z.object({ name: z.string(), products: z.number().int() });
export type Brand = z.infer<typeof brandSchema>;

/**
 * `GET /api/admin/categories`: every gender (top level) with its categories, sub-categories and types,
 * names sorted as the shop sorts them, and the brands. A node added here stays until renamed even with
 * no product; the shop's menu shows only what its products on sale use.
 */
export const adminCategoriesSchema = z.object({
  tree: z.array(categoryNodeSchema),
  brands: z.array(brandSchema),
});
export type AdminCategories = z.infer<typeof adminCategoriesSchema>;

/** `POST /api/admin/categories`: a new node named `name` under `parent` (a gender, category or sub-category). */
export const addCategorySchema = z.object({
  parent: pathSchema.refine((path) => path.length <= CATEGORY_LEVELS.length, {
    message: 'A type has no level below it.',
  }),
  name,
});
export type AddCategory = z.output<typeof addCategorySchema>;

/**
 * `PATCH /api/admin/categories`: renames the node at `path`, moves it under `parent` (a node one level
 * up), or both. Every product below it follows, and so does every node below it.
 */
export const changeCategorySchema = z
  .object({
    path: pathSchema.refine((path) => path.length >= 2 && path.length <= CATEGORY_LEVELS.length + 1, {
      message: 'Give a category, sub-category or type: a gender itself is fixed.',
    }),
    name: name.optional(),
    parent: pathSchema.optional(),
  })
  .superRefine((change, ctx) => {
    if (change.name === undefined && change.parent === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: CATEGORY_MESSAGES.nothingToChange });
    }
    if (change.parent && change.parent.length !== change.path.length - 1) {
      ctx.addIssue({ code: 'custom', path: ['parent'], message: CATEGORY_MESSAGES.sameLevel });
    }
  });
export type ChangeCategory = z.output<typeof changeCategorySchema>;

/** `POST /api/admin/categories/brands`: a new brand. */
export const addBrandSchema = z.object({ name });
/** `PATCH /api/admin/categories/brands`: renames brand `from` to `name`; its products follow. */
export const renameBrandSchema = z.object({ from: name, name });
export type RenameBrand = z.output<typeof renameBrandSchema>;

/** What a change did: the products it moved or renamed. */
export const categoryChangeResultSchema = z.object({ products: z.number().int() });
export type CategoryChangeResult = z.infer<typeof categoryChangeResultSchema>;
