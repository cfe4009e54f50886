import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  type ShopSettingsView,
  settingsAnswerSchema,
  type UpdateSettingsBody,
  updateSettingsSchema,
} from '../../../common/schemas/admin-staff';
import { errorResponses } from '../../../common/schemas/errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { SettingsService } from './settings.service';

/** Changes the settings with its audit entry, and makes the change apply at once (a flow: settings and audit). */
export type UpdateSettings = (actor: Actor, changes: UpdateSettingsBody) => Promise<ShopSettingsView>;

/** The shop settings in the back office (owner only). Registered in the admin plugin (admin.routes.ts). */
export async function settingsAdminRoutes(
  app: FastifyInstance,
  { settings, update }: { settings: Pick<SettingsService, 'view'>; update: UpdateSettings },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.settings,
    {
      schema: {
        summary: 'Read the shop settings',
        description:
          'Shop name, support contacts, shipping fee and free-shipping threshold (rupees), and whether staff must use two-factor sign-in. A setting never changed here shows its environment value.',
        tags: ['staff'],
        response: { 200: settingsAnswerSchema, ...errorResponses(401, 403) },
      },
      config: { permission: 'staff:manage' },
    },
    async () => ({ settings: await settings.view() }),
  );

  routes.patch(
    API.admin.settings,
    {
      schema: {
        summary: 'Change shop settings',
        description:
          'Takes any of the settings; the others stay. Applies without a restart: `GET /api/config` and the next order follow it. Audited as `settings.update`.',
        tags: ['staff'],
        body: updateSettingsSchema,
        response: { 200: settingsAnswerSchema, ...errorResponses(401, 403, 422) },
      },
      config: { permission: 'staff:manage' },
    },
    async (request) => ({ settings: await update(signedInUser(request), request.body) }),
  );
}
