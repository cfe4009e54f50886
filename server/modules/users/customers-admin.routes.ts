import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import type { AdminCustomer } from '../../../common/schemas/admin';
import {
  adminCustomerAnswerSchema,
  adminCustomerDetailSchema,
  customerIdParamsSchema,
} from '../../../common/schemas/admin-customers';
import { errorResponses } from '../../../common/schemas/errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { CustomerAdminService } from './customer-admin.service';

/** Blocking or unblocking a customer: a flow, as it writes the audit log in its transaction. */
export type SetCustomerBlocked = (actor: Actor, userId: string, blocked: boolean) => Promise<AdminCustomer>;

export interface CustomersAdminRoutesOptions {
  customers: Pick<CustomerAdminService, 'detail'>;
  setBlocked: SetCustomerBlocked;
}

/**
 * One customer in the back office (the list is in admin.routes.ts): every role reads; blocking
 * locks a person out, so it needs `orders:money` (owner, manager).
 */
export async function customersAdminRoutes(
  app: FastifyInstance,
  { customers, setBlocked }: CustomersAdminRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.customer.pattern,
    {
      schema: {
        summary: 'Read a customer',
        description:
          'The profile, address book, latest orders and reviews (50 each, every status) and the lifetime value in rupees (orders paid online or delivered cash ones, less refunds). 404 for staff accounts.',
        tags: ['staff'],
        params: customerIdParamsSchema,
        response: { 200: adminCustomerDetailSchema, ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => customers.detail(request.params.id),
  );

  for (const [path, blocked] of [
    [API.admin.customerBlock.pattern, true],
    [API.admin.customerUnblock.pattern, false],
  ] as const) {
    routes.post(
      path,
      {
        schema: {
          summary: blocked ? 'Block a customer' : 'Unblock a customer',
          description: blocked
            ? 'Their sessions end at once and sign-in answers 403 `ACCOUNT_BLOCKED`. Audited as `customer.block`.'
            : 'They may sign in again. Audited as `customer.unblock`.',
          tags: ['staff'],
          params: customerIdParamsSchema,
          response: { 200: adminCustomerAnswerSchema, ...errorResponses(401, 403, 404, 422) },
        },
        config: { permission: 'orders:money' },
      },
      async (request) => ({ customer: await setBlocked(signedInUser(request), request.params.id, blocked) }),
    );
  }
}
