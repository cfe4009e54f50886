import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  autocompleteQuerySchema,
  listProductsQuerySchema,
  productIdParamsSchema,
  searchQuerySchema,
} from '../../../common/schemas/catalog';
import type { Db } from '../../db/client';
import { createCatalogRepository } from './catalog.repository';
import { createCatalogService } from './catalog.service';

/** The web client keeps the tree 5 minutes (SPEC.md §9); shared caches may do the same. */
const CATEGORY_TREE_CACHE = 'public, max-age=300';
const HOME_CACHE = 'public, max-age=60';

/** True when an If-None-Match header names this entity tag (or is `*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });
}

/**
 * Catalog routes under /api/products (DESIGN.md §5). Static paths are matched before `/:id`, so later
 * siblings such as /api/products/likes/ids are not swallowed. Answers are plain objects serialised
 * with JSON.stringify: no response schema, which would re-validate every product on the hot paths.
 */
export async function catalogRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const catalog = createCatalogService(createCatalogRepository(db));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(API.products, { schema: { querystring: listProductsQuerySchema } }, (request) =>
    catalog.listProducts(request.query),
  );

  routes.get(API.productsHome, async (_request, reply) => {
    reply.header('Cache-Control', HOME_CACHE);
    return catalog.homeSections();
  });

  routes.get(API.productsSearch, { schema: { querystring: searchQuerySchema } }, (request) =>
    catalog.search(request.query),
  );

  routes.get(API.autocomplete, { schema: { querystring: autocompleteQuerySchema } }, (request) =>
    catalog.autocomplete(request.query.q),
  );

  routes.get(API.categoryTree, async (request, reply) => {
    const { json, etag } = await catalog.categoryTree();
    reply.header('Cache-Control', CATEGORY_TREE_CACHE).header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  routes.get(`${API.products}/:id`, { schema: { params: productIdParamsSchema } }, (request) =>
    catalog.getProduct(request.params.id),
  );
}
