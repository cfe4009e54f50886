import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MINUTE } from '../../../common/constants';
import { phoneVerifySchema } from '../../../common/schemas/auth';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import type { Providers } from '../../providers';
import { createOtpHasher } from '../password-reset/otp';
import { createUsersService } from '../users/users.service';
import { createPhoneRepository } from './phone.repository';
import { createPhoneService, PHONE_MESSAGES } from './phone.service';

export const PHONE_PATHS = {
  sendOtp: '/api/users/phone/send-otp',
  verify: '/api/users/phone/verify',
} as const;

/** Code checks per client address; each code also dies after 5 tries (stored, so across instances). */
export const PHONE_VERIFY_PER_ADDRESS = { max: 30, timeWindow: 15 * MINUTE } as const;

export interface PhoneRoutesOptions {
  db: Db;
  config: Config;
  providers: Pick<Providers, 'sms'>;
  now?: () => Date;
}

/** Phone verification by SMS code (DESIGN.md §5): send-otp, verify. Signed-in shoppers only. */
export async function phoneRoutes(
  app: FastifyInstance,
  { db, config, providers, now = () => new Date() }: PhoneRoutesOptions,
) {
  const phone = createPhoneService({
    repository: createPhoneRepository(db),
    users: createUsersService(db, { now }),
    sms: providers.sms,
    hasher: createOtpHasher(config.sessionSecret),
    shopName: config.SHOP_NAME,
    now,
    onSmsError: (err) => app.log.error({ err }, 'phone verification: sending the SMS failed'),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(PHONE_PATHS.sendOtp, { preHandler: requireUser }, async (request) => {
    await phone.sendCode(userIdOf(request.user));
    return { message: PHONE_MESSAGES.sent };
  });

  routes.post(
    PHONE_PATHS.verify,
    {
      preHandler: requireUser,
      schema: { body: phoneVerifySchema },
      config: {
        rateLimit: {
          ...PHONE_VERIFY_PER_ADDRESS,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError('Too many code checks from this network.', context.ttl),
        },
      },
    },
    async (request) => {
      const user = await phone.verifyCode(userIdOf(request.user), request.body.otp);
      return { message: PHONE_MESSAGES.verified, user, isMobVerified: true };
    },
  );
}

/** `requireUser` ran before the handler, so the user is there; this narrows the type without `!`. */
function userIdOf(user: { id: string } | null): string {
  if (!user) throw new Error('requireUser must run before this handler');
  return user.id;
}
