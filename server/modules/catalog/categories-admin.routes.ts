import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  type AddCategory,
  addBrandSchema,
  addCategorySchema,
  adminCategoriesSchema,
  type CategoryChangeResult,
  type ChangeCategory,
  categoryChangeResultSchema,
  changeCategorySchema,
  type RenameBrand,
  renameBrandSchema,
} from '../../../common/schemas/admin-categories';
import { errorResponses } from '../../../common/schemas/errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { CategoryAdminService } from './category-admin.service';

/** Staff edits of the tree: flows, because each writes the audit log and drops the shop's cached reads. */
export interface CategoryChanges {
  add(actor: Actor, input: AddCategory): Promise<CategoryChangeResult>;
  change(actor: Actor, input: ChangeCategory): Promise<CategoryChangeResult>;
  addBrand(actor: Actor, name: string): Promise<CategoryChangeResult>;
  renameBrand(actor: Actor, input: RenameBrand): Promise<CategoryChangeResult>;
}

export interface CategoriesAdminRoutesOptions {
  categories: Pick<CategoryAdminService, 'read'>;
  changes: CategoryChanges;
}

const read = { permission: 'shop:read' } as const;
const write = { permission: 'catalog:write' } as const;

/**
 * The staff API for the category tree and brands, under /api/admin (registered in admin.routes.ts,
 * whose guard runs first). Every role reads; changes need `catalog:write`.
 */
export async function categoriesAdminRoutes(
  app: FastifyInstance,
  { categories, changes }: CategoriesAdminRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.categories,
    {
      schema: {
        summary: 'Read the category tree and the brands',
        description:
          'Every gender, then category → sub-category → type, each node with the products (any status) at or below it; and the brands. Nodes added with no product yet are included.',
        tags: ['staff'],
        response: { 200: adminCategoriesSchema, ...errorResponses(401, 403) },
      },
      config: read,
    },
    () => categories.read(),
  );

  routes.post(
    API.admin.categories,
    {
      schema: {
        summary: 'Add a category, sub-category or type',
        description:
          '`parent` is the path of the node it goes under, from the gender down. 404 when the parent does not exist, 409 `EXISTS` when the name is already there.',
        tags: ['staff'],
        body: addCategorySchema,
        response: { 201: categoryChangeResultSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: write,
    },
    async (request, reply) => reply.status(201).send(await changes.add(signedInUser(request), request.body)),
  );

  routes.patch(
    API.admin.categories,
    {
      schema: {
        summary: 'Rename or move a category, sub-category or type',
        description:
          'The node at `path` takes `name` and/or moves under `parent` (a node one level up). Every product and node below it follows; a name already used at the new place joins the two. Answers how many products changed. The shop shows it in its next answer.',
        tags: ['staff'],
        body: changeCategorySchema,
        response: { 200: categoryChangeResultSchema, ...errorResponses(401, 403, 404, 422) },
      },
      config: write,
    },
    (request) => changes.change(signedInUser(request), request.body),
  );

  routes.post(
    API.admin.brands,
    {
      schema: {
        summary: 'Add a brand',
        description: '409 `EXISTS` when the brand is already there.',
        tags: ['staff'],
        body: addBrandSchema,
        response: { 201: categoryChangeResultSchema, ...errorResponses(401, 403, 409, 422) },
      },
      config: write,
    },
    async (request, reply) =>
      reply.status(201).send(await changes.addBrand(signedInUser(request), request.body.name)),
  );

  routes.patch(
    API.admin.brands,
    {
      schema: {
        summary: 'Rename a brand',
        description:
          'Brand `from` becomes `name` on every product; a name already in use joins the two. 404 when there is no such brand.',
        tags: ['staff'],
        body: renameBrandSchema,
        response: { 200: categoryChangeResultSchema, ...errorResponses(401, 403, 404, 422) },
      },
      config: write,
    },
    (request) => changes.renameBrand(signedInUser(request), request.body),
  );
}
