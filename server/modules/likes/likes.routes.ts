import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { productIdParamsSchema } from '../../../common/schemas/catalog';
import { errorResponses } from '../../../common/schemas/errors';
import {
  likedIdsSchema,
  likedProductsSchema,
  likeStateSchema,
  summaryIdsQuerySchema,
} from '../../../common/schemas/likes';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { LikesService } from './likes.service';

/**
 * Likes (SPEC.md §3, §4, §7; DESIGN.md §5). A guest keeps likes in the browser, so every call about
 * "my likes" answers 401 to a guest; only the summaries lookup for a guest's local likes is public.
 * Fastify matches static segments before parameters, so /api/products/likes/ids is not taken for
 * the catalog's /api/products/:id.
 */
export async function likesRoutes(app: FastifyInstance, { likes }: { likes: LikesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: requireUser };

  routes.get(
    API.likes.ids,
    {
      ...signedIn,
      schema: {
        summary: 'My liked product ids',
        description: 'Newest like first.',
        tags: ['likes'],
        response: { 200: likedIdsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return likes.likedIds(signedInUser(request).id);
    },
  );

  routes.get(
    API.likes.products,
    {
      ...signedIn,
      schema: {
        summary: 'My liked products',
        description: 'As product summaries, newest like first.',
        tags: ['likes'],
        response: { 200: likedProductsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return likes.likedProducts(signedInUser(request).id);
    },
  );

  routes.get(
    API.likes.summaries,
    {
      schema: {
        summary: 'Summaries of the named products',
        description:
          "For a guest's likes kept in the browser: `ids=a,b,c` (or repeated `ids=`), at most 100; unknown ids are left out.",
        tags: ['likes'],
        querystring: summaryIdsQuerySchema,
        response: { 200: likedProductsSchema },
      },
    },
    (request) => likes.summaries(request.query.ids),
  );

  routes.post(
    API.likes.like.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Like a product',
        tags: ['likes'],
        params: productIdParamsSchema,
        response: { 200: likeStateSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => likes.like(signedInUser(request).id, request.params.id),
  );

  routes.delete(
    API.likes.like.pattern,
    {
      ...signedIn,
      schema: {
        summary: 'Unlike a product',
        tags: ['likes'],
        params: productIdParamsSchema,
        response: { 200: likeStateSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => likes.unlike(signedInUser(request).id, request.params.id),
  );
}
