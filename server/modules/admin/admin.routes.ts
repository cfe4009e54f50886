import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCustomersQuerySchema,
  adminCustomersSchema,
  adminMeSchema,
  auditListSchema,
  auditQuerySchema,
} from '../../../common/schemas/admin';
import { errorResponses } from '../../../common/schemas/errors';
import { permissionsOf } from '../../../common/staff';
import { NotFoundError } from '../../errors';
import { actorOf, requireStaff } from '../../plugins/auth';
import type { AuditService } from '../audit/audit.service';
import type { ProductAdminService } from '../catalog/product-admin.service';
import { type ProductChanges, productsAdminRoutes } from '../catalog/products-admin.routes';
import type { ReviewsService } from '../reviews/reviews.service';
import { type ModerateReview, reviewsAdminRoutes } from '../reviews/reviews-admin.routes';
import { toPublicUser } from '../users/user-views';
import type { UsersService } from '../users/users.service';

export interface AdminRoutesOptions {
  users: Pick<UsersService, 'listCustomers'>;
  reviews: Pick<ReviewsService, 'forStaff'>;
  audit: Pick<AuditService, 'list'>;
  moderateReview: ModerateReview;
  products: Pick<ProductAdminService, 'list' | 'get' | 'exportAll'>;
  productChanges: ProductChanges;
}

/**
 * The staff API. Register with `{ prefix: '/api/admin' }`: the guard is a hook on this whole plugin, so
 * every route added here (now or later, by any module) answers 401 to a guest, 403 to a customer and
 * 403 to staff whose role lacks the route's `config.permission` before its handler runs. A route that
 * declares no permission is refused at start-up, so none can be left open to every role by mistake.
 */
export async function adminRoutes(
  app: FastifyInstance,
  { users, reviews, audit, moderateReview, products, productChanges }: AdminRoutesOptions,
) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission && !route.schema?.hide) {
      throw new Error(`The staff route ${route.method} ${route.url} must declare config.permission`);
    }
  });
  app.addHook('onRequest', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // A CSV import is read as it streams in: its handler stops at its own limit (PRODUCT_LIMITS.csvMaxBytes),
  // so the body is handed over as the stream it is instead of being buffered first.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in staff member and their permissions',
        description: 'The admin app hides what the role cannot do; the server checks every call anyway.',
        tags: ['staff'],
        response: { 200: adminMeSchema, ...errorResponses(401, 403) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => {
      const user = actorOf(request);
      return { user: toPublicUser(user), permissions: [...permissionsOf(user.role)] };
    },
  );

  routes.get(
    '/customers',
    {
      schema: {
        summary: 'List customer accounts',
        description: 'Oldest first, closed accounts included (`closed`).',
        tags: ['staff'],
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersSchema, ...errorResponses(401, 403, 422) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => users.listCustomers(request.query),
  );

  routes.get(
    '/audit',
    {
      schema: {
        summary: 'Read the audit log',
        description:
          'Every staff write, newest first: who, when, what, and the record before and after. `from` is inclusive, `to` exclusive.',
        tags: ['staff'],
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorResponses(401, 403, 422) },
      },
      config: { permission: 'audit:read' },
    },
    (request) => audit.list(request.query),
  );

  await app.register(reviewsAdminRoutes, { reviews, moderate: moderateReview });
  await app.register(productsAdminRoutes, { products, changes: productChanges });

  // Unknown staff paths are guarded too, so a guest cannot map which admin calls exist.
  routes.all('/*', { schema: { hide: true } }, async (request) => {
    throw new NotFoundError(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
