import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { type CatalogServiceOptions, createCatalogService } from './catalog.service';
import { preferredEncoding, sharedJsonOf } from './shared-json';

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
export async function catalogRoutes(
  app: FastifyInstance,
  { db, cacheSeconds, now }: { db: Db } & CatalogServiceOptions,
) {
  const catalog = createCatalogService(createCatalogRepository(db), { cacheSeconds, now });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Sends an answer the service may hand to many requests. While answers are cached, the same object
   * comes back for each of them, so it is serialised and compressed once (the compression plugin
   * leaves a body that already has a Content-Encoding alone); otherwise Fastify and the compression
   * plugin handle it as any answer.
   */
  function sendShared(request: FastifyRequest, reply: FastifyReply, answer: object, json?: string) {
    reply.type('application/json; charset=utf-8');
    if (cacheSeconds <= 0) return reply.send(json ?? answer);
    const { payload, encoding } = sharedJsonOf(answer, json).body(
      preferredEncoding(request.headers['accept-encoding']),
    );
    reply.header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(payload);
  }

  routes.get(API.products, { schema: { querystring: listProductsQuerySchema } }, (request) =>
    catalog.listProducts(request.query),
  );

  routes.get(API.productsHome, async (request, reply) => {
    reply.header('Cache-Control', HOME_CACHE);
    return sendShared(request, reply, await catalog.homeSections());
  });

  routes.get(API.productsSearch, { schema: { querystring: searchQuerySchema } }, async (request, reply) =>
    sendShared(request, reply, await catalog.search(request.query)),
  );

  routes.get(API.autocomplete, { schema: { querystring: autocompleteQuerySchema } }, async (request, reply) =>
    sendShared(request, reply, await catalog.autocomplete(request.query.q)),
  );

  routes.get(API.categoryTree, async (request, reply) => {
    const tree = await catalog.categoryTree();
    reply.header('Cache-Control', CATEGORY_TREE_CACHE).header('ETag', tree.etag);
    if (matchesEtag(request.headers['if-none-match'], tree.etag)) return reply.status(304).send();
    return sendShared(request, reply, tree, tree.json);
  });

  routes.get(`${API.products}/:id`, { schema: { params: productIdParamsSchema } }, (request) =>
    catalog.getProduct(request.params.id),
  );
}
