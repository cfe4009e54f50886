import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MINUTE } from '../../../common/constants';
import { forgotPasswordSchema, resetPasswordSchema, verifyOtpSchema } from '../../../common/schemas/auth';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../errors';
import { renewSession } from '../../plugins/auth';
import type { Providers } from '../../providers';
import { createUsersService } from '../users/users.service';
import { createBackgroundMailer } from './background-mail';
import { createOtpHasher } from './otp';
import { createPasswordResetRepository } from './password-reset.repository';
import { createPasswordResetService, PASSWORD_RESET_MESSAGES } from './password-reset.service';

export const PASSWORD_RESET_PATHS = {
  forgotPassword: '/api/users/forgot-password',
  verifyOtp: '/api/users/verify-otp',
  resetPassword: '/api/users/reset-password',
} as const;

/**
 * Code checks per client address, across all emails. Each code also dies after 5 tries (stored, so it
 * holds across app instances); this in-memory limit only slows one address spraying many emails.
 */
export const VERIFY_OTP_PER_ADDRESS = { max: 30, timeWindow: 15 * MINUTE } as const;

export interface PasswordResetRoutesOptions {
  db: Db;
  config: Config;
  providers: Pick<Providers, 'mail' | 'captcha'>;
  now?: () => Date;
}

/** Password recovery (DESIGN.md §5, SPEC.md §7): forgot-password, verify-otp, reset-password. */
export async function passwordResetRoutes(
  app: FastifyInstance,
  { db, config, providers, now = () => new Date() }: PasswordResetRoutesOptions,
) {
  const mailer = createBackgroundMailer(providers.mail, (err, message) =>
    app.log.error({ err, subject: message.subject }, 'password recovery: sending mail failed'),
  );
  // Shutting down waits for mail already promised to a shopper.
  app.addHook('onClose', async () => mailer.idle());

  const service = createPasswordResetService({
    repository: createPasswordResetRepository(db),
    users: createUsersService(db, { now }),
    captcha: providers.captcha,
    mailer,
    hasher: createOtpHasher(config.sessionSecret),
    shop: { name: config.SHOP_NAME, supportEmail: config.SUPPORT_EMAIL },
    now,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    PASSWORD_RESET_PATHS.forgotPassword,
    { schema: { body: forgotPasswordSchema } },
    async (request) => {
      await service.requestCode(request.body, { ip: request.ip });
      return { message: PASSWORD_RESET_MESSAGES.otpSent };
    },
  );

  routes.post(
    PASSWORD_RESET_PATHS.verifyOtp,
    {
      schema: { body: verifyOtpSchema },
      config: {
        rateLimit: {
          ...VERIFY_OTP_PER_ADDRESS,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError('Too many code checks from this network.', context.ttl),
        },
      },
    },
    async (request, reply) => {
      // The permission goes to a brand-new session, so a session id planted in this browser by someone
      // else (session fixation) never gains it. A new session also means a new CSRF token.
      await service.verifyCode(request.body, () => renewSession(request, reply));
      return { message: PASSWORD_RESET_MESSAGES.otpVerified };
    },
  );

  routes.post(
    PASSWORD_RESET_PATHS.resetPassword,
    { schema: { body: resetPasswordSchema } },
    async (request) => {
      await service.resetPassword(request.body, request.sessionId);
      return { message: PASSWORD_RESET_MESSAGES.passwordReset };
    },
  );
}
