import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { productIdParamsSchema } from '../../../common/schemas/catalog';
import { LIKES_API, summaryIdsQuerySchema } from '../../../common/schemas/likes';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { createLikesRepository } from './likes.repository';
import { createLikesService, type ProductCatalog } from './likes.service';

const LIKE_ROUTE = `${API.products}/:id/like`;

/** The signed-in shopper's id; requireUser has already answered 401 to a guest. */
function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new UnauthorizedError();
  return request.user.id;
}

/**
 * Likes (SPEC.md §3, §4, §7; DESIGN.md §5). A guest keeps likes in the browser, so every call about
 * "my likes" answers 401 to a guest; only the summaries lookup for a guest's local likes is public.
 * Fastify matches static segments before parameters, so /api/products/likes/ids is not taken for
 * the catalog's /api/products/:id.
 */
export async function likesRoutes(
  app: FastifyInstance,
  { db, catalog }: { db: Db; catalog: ProductCatalog },
) {
  const likes = createLikesService(createLikesRepository(db), catalog);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: requireUser };

  routes.get(LIKES_API.ids, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return likes.likedIds(userIdOf(request));
  });

  routes.get(LIKES_API.products, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return likes.likedProducts(userIdOf(request));
  });

  routes.get(LIKES_API.summaries, { schema: { querystring: summaryIdsQuerySchema } }, (request) =>
    likes.summaries(request.query.ids),
  );

  routes.post(LIKE_ROUTE, { ...signedIn, schema: { params: productIdParamsSchema } }, (request) =>
    likes.like(userIdOf(request), request.params.id),
  );

  routes.delete(LIKE_ROUTE, { ...signedIn, schema: { params: productIdParamsSchema } }, (request) =>
    likes.unlike(userIdOf(request), request.params.id),
  );
}
