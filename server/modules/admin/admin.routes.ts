import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, STAFF_PREFIX } from '../../../common/api-paths';
import {
  adminCustomersQuerySchema,
  adminCustomersSchema,
  adminMeSchema,
  auditListSchema,
  auditQuerySchema,
} from '../../../common/schemas/admin';
import { STAFF_MESSAGES } from '../../../common/schemas/admin-staff';
import { errorResponses } from '../../../common/schemas/errors';
import { permissionsOf } from '../../../common/staff';
import { DomainError, NotFoundError } from '../../errors';
import { requireStaff, signedInUser } from '../../plugins/auth';
import type { AuditService } from '../audit/audit.service';
import { type CategoryChanges, categoriesAdminRoutes } from '../catalog/categories-admin.routes';
import type { CategoryAdminService } from '../catalog/category-admin.service';
import type { ProductAdminService } from '../catalog/product-admin.service';
import { type ProductChanges, productsAdminRoutes } from '../catalog/products-admin.routes';
import type { DashboardService } from '../dashboard/dashboard.service';
import { dashboardAdminRoutes } from '../dashboard/dashboard-admin.routes';
import type { GrievancesService } from '../grievances/grievances.service';
import { type GrievanceAnswering, grievancesAdminRoutes } from '../grievances/grievances-admin.routes';
import { type OrderHandling, orderAdminRoutes } from '../order/order-admin.routes';
import type { OrderAdminService } from '../order/order-admin.service';
import type { ReviewsService } from '../reviews/reviews.service';
import { type ModerateReview, reviewsAdminRoutes } from '../reviews/reviews-admin.routes';
import type { SettingsService } from '../settings/settings.service';
import { settingsAdminRoutes, type UpdateSettings } from '../settings/settings-admin.routes';
import type { CustomerAdminService } from '../users/customer-admin.service';
import { customersAdminRoutes, type SetCustomerBlocked } from '../users/customers-admin.routes';
import type { StaffService } from '../users/staff.service';
import { type InviteStaff, staffAdminRoutes, type UpdateStaff } from '../users/staff-admin.routes';
import type { TwoFactorService } from '../users/two-factor.service';
import { type SetTwoFactor, twoFactorAdminRoutes } from '../users/two-factor-admin.routes';
import { toPublicUser } from '../users/user-views';
import type { UsersService } from '../users/users.service';

export interface AdminRoutesOptions {
  users: Pick<UsersService, 'listCustomers'>;
  reviews: Pick<ReviewsService, 'forStaff'>;
  audit: Pick<AuditService, 'list'>;
  dashboard: Pick<DashboardService, 'read'>;
  settings: Pick<SettingsService, 'current' | 'view'>;
  staff: Pick<StaffService, 'list'>;
  twoFactor: Pick<TwoFactorService, 'startSetup'>;
  moderateReview: ModerateReview;
  updateSettings: UpdateSettings;
  inviteStaff: InviteStaff;
  updateStaff: UpdateStaff;
  setTwoFactor: SetTwoFactor;
  products: Pick<ProductAdminService, 'list' | 'get' | 'exportAll'>;
  productChanges: ProductChanges;
  orderAdmin: Pick<OrderAdminService, 'list' | 'detail' | 'returns'>;
  handleOrder: OrderHandling;
  customers: Pick<CustomerAdminService, 'detail'>;
  setCustomerBlocked: SetCustomerBlocked;
  categories: Pick<CategoryAdminService, 'read'>;
  categoryChanges: CategoryChanges;
  grievances: Pick<GrievancesService, 'list' | 'forStaff'>;
  answerGrievance: GrievanceAnswering;
}

/**
 * The staff API, at the paths of `API.admin` (all under STAFF_PREFIX): the guard is a hook on this
 * whole plugin, so every route added here (now or later, by any module) answers 401 to a guest, 403 to
 * a customer and 403 to staff whose role lacks the route's `config.permission` before its handler runs.
 * A route that declares no permission is refused at start-up, so none can be left open to every role
 * by mistake. While the owner requires two-factor sign-in, a member without it gets 403
 * TWO_FACTOR_REQUIRED everywhere but `/me` and the set-up calls (`config.twoFactorSetup`).
 */
export async function adminRoutes(
  app: FastifyInstance,
  {
    users,
    reviews,
    audit,
    dashboard,
    settings,
    staff,
    twoFactor,
    moderateReview,
    updateSettings,
    inviteStaff,
    updateStaff,
    setTwoFactor,
    products,
    productChanges,
    orderAdmin,
    handleOrder,
    customers,
    setCustomerBlocked,
    categories,
    categoryChanges,
    grievances,
    answerGrievance,
  }: AdminRoutesOptions,
) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission && !route.schema?.hide) {
      throw new Error(`The staff route ${route.method} ${route.url} must declare config.permission`);
    }
  });
  app.addHook('onRequest', requireStaff);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.twoFactorSetup || signedInUser(request).twoFactorEnabled) return;
    if ((await settings.current()).requireTwoFactor) {
      throw new DomainError(403, STAFF_MESSAGES.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // A CSV import is read as it streams in: its handler stops at its own limit (PRODUCT_LIMITS.csvMaxBytes),
  // so the body is handed over as the stream it is instead of being buffered first.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.me,
    {
      schema: {
        summary: 'The signed-in staff member and their permissions',
        description: 'The admin app hides what the role cannot do; the server checks every call anyway.',
        tags: ['staff'],
        response: { 200: adminMeSchema, ...errorResponses(401, 403) },
      },
      config: { permission: 'shop:read', twoFactorSetup: true },
    },
    async (request) => {
      const user = signedInUser(request);
      const { requireTwoFactor } = await settings.current();
      return {
        user: toPublicUser(user),
        permissions: [...permissionsOf(user.role)],
        twoFactorEnabled: user.twoFactorEnabled,
        twoFactorSetupRequired: requireTwoFactor && !user.twoFactorEnabled,
      };
    },
  );

  routes.get(
    API.admin.customers,
    {
      schema: {
        summary: 'List customer accounts',
        description:
          'Oldest first, closed and blocked accounts included (`closed`, `blocked`); `q` finds a name or email holding it, or a phone.',
        tags: ['staff'],
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersSchema, ...errorResponses(401, 403, 422) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => users.listCustomers(request.query),
  );

  routes.get(
    API.admin.audit,
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

  await app.register(dashboardAdminRoutes, { dashboard });
  await app.register(reviewsAdminRoutes, { reviews, moderate: moderateReview });
  await app.register(settingsAdminRoutes, { settings, update: updateSettings });
  await app.register(staffAdminRoutes, { staff, invite: inviteStaff, update: updateStaff });
  await app.register(twoFactorAdminRoutes, { twoFactor, setTwoFactor });
  await app.register(productsAdminRoutes, { products, changes: productChanges });
  await app.register(orderAdminRoutes, { orderAdmin, handle: handleOrder });
  await app.register(customersAdminRoutes, { customers, setBlocked: setCustomerBlocked });
  await app.register(categoriesAdminRoutes, { categories, changes: categoryChanges });
  await app.register(grievancesAdminRoutes, { grievances, answer: answerGrievance });

  // Unknown staff paths are guarded too, so a guest cannot map which admin calls exist.
  routes.all(`${STAFF_PREFIX}*`, { schema: { hide: true } }, async (request) => {
    throw new NotFoundError(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
