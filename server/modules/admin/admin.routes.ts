import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCustomersQuerySchema } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import { requireAdmin } from '../../plugins/auth';
import { reviewsAdminRoutes } from '../reviews/reviews-admin.routes';
import { createUsersService } from '../users/users.service';

/**
 * The staff API. Register with `{ prefix: '/api/admin' }`: the guard is a hook on this whole plugin, so
 * every route added here (now or later, by any module) answers 401 to a guest and 403 to a customer
 * before its handler runs. Add new staff routes by registering them inside this plugin.
 */
export async function adminRoutes(app: FastifyInstance, { db, now }: { db: Db; now?: () => Date }) {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const users = createUsersService(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/customers', { schema: { querystring: adminCustomersQuerySchema } }, (request) =>
    users.listCustomers(request.query),
  );

  await app.register(reviewsAdminRoutes, { db, now });

  // Unknown staff paths are guarded too, so a guest cannot map which admin calls exist.
  routes.all('/*', async (request) => {
    throw new NotFoundError(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
