import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../common/api-paths';
import { LABELLED_SUGGESTIONS } from '../../../common/constants';
import {
  autocompleteHeadersSchema,
  autocompleteQuerySchema,
  autocompleteSchema,
  categoryTreeSchema,
  homeSectionsSchema,
  listProductsQuerySchema,
  productDetailSchema,
  productIdParamsSchema,
  productPageSchema,
  searchQuerySchema,
  searchResultSchema,
} from '../../../common/schemas/catalog';
import { errorResponses } from '../../../common/schemas/errors';
import type { CatalogService } from './catalog.service';
import { preferredEncoding, sharedJsonOf } from './shared-json';

/** The web client keeps the tree 5 minutes (SPEC.md §9); shared caches may do the same. */
const CATEGORY_TREE_CACHE = 'public, max-age=300';
const HOME_CACHE = 'public, max-age=60';

/** True when a Prefer header (RFC 7240: comma-separated, each `name[=value][; param]`) names `preference`. */
function prefers(prefer: string | undefined, preference: string): boolean {
  return (prefer ?? '').split(',').some((part) => part.split(/[=;]/)[0]?.trim().toLowerCase() === preference);
}

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
 * siblings such as /api/products/likes/ids are not swallowed. An answer the read cache shares is
 * serialised once and sent as bytes, which skips its response schema; the rest are checked by it (a few
 * microseconds for a product, against a millisecond of database).
 */
export async function catalogRoutes(
  app: FastifyInstance,
  {
    catalog,
    cacheSeconds,
  }: {
    catalog: CatalogService;
    /** How long the service reuses answers (0: never), so shared answers are serialised once. */
    cacheSeconds: number;
  },
) {
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
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(payload);
  }

  routes.get(
    API.catalog.products,
    {
      schema: {
        summary: 'List products',
        description: 'Page sizes are capped at 100; odd values fall back to the defaults.',
        tags: ['catalog'],
        querystring: listProductsQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    (request) => catalog.listProducts(request.query),
  );

  routes.get(
    API.catalog.home,
    {
      schema: {
        summary: "The home page's sections",
        tags: ['catalog'],
        response: { 200: homeSectionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', HOME_CACHE);
      return sendShared(request, reply, await catalog.homeSections());
    },
  );

  routes.get(
    API.catalog.search,
    {
      schema: {
        summary: 'Search and filter products',
        description:
          'Typo-tolerant by name; the facets count what the other filters leave. `name` is read first: common spellings and Hindi or Hinglish words as the catalog spells them, and in a phrase of two or more words prices ("under 1000", "between 500 and 1500", "₹999"), colours, category levels, brands and men, women, boys or girls as filters not set otherwise, reported in `understood`. A search that finds nothing answers `alternatives`.',
        tags: ['catalog'],
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (request, reply) => sendShared(request, reply, await catalog.search(request.query)),
  );

  routes.get(
    API.catalog.autocomplete,
    {
      schema: {
        summary: 'Search suggestions',
        description:
          'At most 10: categories, brands, then products. The text is read as a search reads it (spellings, Hindi and Hinglish words, phrases). Items are products (`_id`, `name`), category-column values (`category`) and brands (`brand`); with `Prefer: labelled` each item also has `kind` and `label`, and categories are category-tree nodes with their filters. A `q` shorter than 2 characters answers `[]`.',
        tags: ['catalog'],
        querystring: autocompleteQuerySchema,
        headers: autocompleteHeadersSchema,
        response: { 200: autocompleteSchema },
      },
    },
    async (request, reply) => {
      const labelled = prefers(request.headers.prefer, LABELLED_SUGGESTIONS);
      reply.header('Vary', 'Prefer');
      if (labelled) reply.header('Preference-Applied', LABELLED_SUGGESTIONS);
      return sendShared(request, reply, await catalog.autocomplete(request.query.q, { labelled }));
    },
  );

  routes.get(
    API.catalog.categoryTree,
    {
      schema: {
        summary: 'The category tree',
        description:
          'Nested objects keyed by names, the deepest level (type) mapping to `{}`: Men, Women, Boy, Girl, Brand, Others at the top, those present. Sent with an ETag and cache headers.',
        tags: ['catalog'],
        response: { 200: categoryTreeSchema, 304: z.undefined() },
      },
    },
    async (request, reply) => {
      const tree = await catalog.categoryTree();
      reply.header('Cache-Control', CATEGORY_TREE_CACHE).header('ETag', tree.etag);
      if (matchesEtag(request.headers['if-none-match'], tree.etag)) return reply.status(304).send();
      return sendShared(request, reply, tree, tree.json);
    },
  );

  routes.get(
    API.catalog.product.pattern,
    {
      schema: {
        summary: 'One product',
        description: '404 for an unknown id, also for a malformed one.',
        tags: ['catalog'],
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, ...errorResponses(404) },
      },
    },
    (request) => catalog.getProduct(request.params.id),
  );
}
