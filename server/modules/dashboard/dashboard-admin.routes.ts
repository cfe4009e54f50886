import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { dashboardQuerySchema, dashboardSchema } from '../../../common/schemas/admin-staff';
import { errorResponses } from '../../../common/schemas/errors';
import { type DashboardService, LOW_STOCK_AT } from './dashboard.service';

/** The back office's first screen (every staff role), registered in the admin plugin (admin.routes.ts). */
export async function dashboardAdminRoutes(
  app: FastifyInstance,
  { dashboard }: { dashboard: Pick<DashboardService, 'read'> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API.admin.dashboard,
    {
      schema: {
        summary: 'How the shop is doing',
        description: `For today, the last 7 or the last 30 days in India time (\`range\`, 7d by default). Revenue counts orders paid online and cash orders delivered, placed in the range, less their refunds; \`orders\` counts those orders, \`averageOrderValue\` is what they came to before refunds, \`unitsSold\` and \`topProducts\` leave refunded orders out. \`series\` has one entry per day. The to-do counts (\`toShip\`: orders in Processing; \`returnsWaiting\`: return requests to decide; \`reviewsWaiting\`) and \`lowStock\` (variants with ${LOW_STOCK_AT} units or fewer) are as of now. \`visitors\`, \`topSearches\` and \`searchesWithNoResults\` come from the page-view beacon; a search with no results is a searched term that finds no product in the catalog as it is now.`,
        tags: ['staff'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses(401, 403, 422) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => dashboard.read(request.query.range),
  );
}
