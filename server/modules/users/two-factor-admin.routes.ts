import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import {
  totpCodeBodySchema,
  totpSetupSchema,
  twoFactorStateSchema,
} from '../../../common/schemas/admin-staff';
import { errorResponses } from '../../../common/schemas/errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { TwoFactorService } from './two-factor.service';

/** Turns the member's two-factor sign-in on or off with its audit entry (a flow: users and audit). */
export type SetTwoFactor = (actor: Actor, code: string, enabled: boolean) => Promise<void>;

/**
 * A staff member's own two-factor sign-in (every role), registered in the admin plugin. Setting it up
 * stays open while the owner requires it and it is not on yet (`twoFactorSetup`).
 */
export async function twoFactorAdminRoutes(
  app: FastifyInstance,
  {
    twoFactor,
    setTwoFactor,
  }: { twoFactor: Pick<TwoFactorService, 'startSetup'>; setTwoFactor: SetTwoFactor },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    API.admin.totp,
    {
      schema: {
        summary: 'Start setting up an authenticator app',
        description:
          'A new secret, as text, as an otpauth:// URL and as a QR code image for the app to scan. Nothing changes at sign-in until `POST /api/admin/me/totp/verify` confirms a code. 409 while two-factor sign-in is on.',
        tags: ['staff'],
        response: { 200: totpSetupSchema, ...errorResponses(401, 403, 409) },
      },
      config: { permission: 'shop:read', twoFactorSetup: true },
    },
    (request) => twoFactor.startSetup(signedInUser(request).id),
  );

  routes.post(
    API.admin.totpVerify,
    {
      schema: {
        summary: 'Turn two-factor sign-in on',
        description:
          'With a code from the app just set up; from then on sign-in asks for a code after the password. Audited as `staff.two-factor`.',
        tags: ['staff'],
        body: totpCodeBodySchema,
        response: { 200: twoFactorStateSchema, ...errorResponses(401, 403, 409, 422, 429) },
      },
      config: { permission: 'shop:read', twoFactorSetup: true },
    },
    async (request) => {
      await setTwoFactor(signedInUser(request), request.body.code, true);
      return { twoFactorEnabled: true };
    },
  );

  routes.delete(
    API.admin.totp,
    {
      schema: {
        summary: 'Turn two-factor sign-in off',
        description:
          'With a current code. 409 `TWO_FACTOR_REQUIRED` while the owner requires it for all staff. Audited as `staff.two-factor`.',
        tags: ['staff'],
        body: totpCodeBodySchema,
        response: { 200: twoFactorStateSchema, ...errorResponses(401, 403, 409, 422, 429) },
      },
      config: { permission: 'shop:read' },
    },
    async (request) => {
      await setTwoFactor(signedInUser(request), request.body.code, false);
      return { twoFactorEnabled: false };
    },
  );
}
