import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, STAFF_PREFIX } from '../../../common/api-paths';
import { adminCustomersQuerySchema, adminCustomersSchema } from '../../../common/schemas/admin';
import { errorResponses } from '../../../common/schemas/errors';
import { NotFoundError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import type { ReviewsService } from '../reviews/reviews.service';
import { type ModerateReview, reviewsAdminRoutes } from '../reviews/reviews-admin.routes';
import type { UsersService } from '../users/users.service';

export interface AdminRoutesOptions {
  users: Pick<UsersService, 'listCustomers'>;
  reviews: Pick<ReviewsService, 'forStaff'>;
  moderateReview: ModerateReview;
}

/**
 * The staff API, at the paths of `API.admin` (all under STAFF_PREFIX): the guard is a hook on this
 * whole plugin, so every route added here (now or later, by any module) answers 401 to a guest and 403
 * to a customer before its handler runs. Add new staff routes by registering them inside this plugin.
 */
export async function adminRoutes(
  app: FastifyInstance,
  { users, reviews, moderateReview }: AdminRoutesOptions,
) {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.customers,
    {
      schema: {
        summary: 'List customer accounts',
        description: 'Oldest first, closed accounts included (`closed`).',
        tags: ['staff'],
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => users.listCustomers(request.query),
  );

  await app.register(reviewsAdminRoutes, { reviews, moderate: moderateReview });

  // Unknown staff paths are guarded too, so a guest cannot map which admin calls exist.
  routes.all(`${STAFF_PREFIX}*`, { schema: { hide: true } }, async (request) => {
    throw new NotFoundError(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
