import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { MINUTE } from '../../../common/constants';
import { forgotPasswordSchema, resetPasswordSchema, verifyOtpSchema } from '../../../common/schemas/auth';
import { errorResponses } from '../../../common/schemas/errors';
import { messageSchema } from '../../../common/schemas/message';
import { TooManyRequestsError } from '../../errors';
import { renewSession } from '../../plugins/auth';
import { PASSWORD_RESET_MESSAGES, type PasswordResetService } from './password-reset.service';

/**
 * Code checks per client address, across all emails. Each code also dies after 5 tries (stored, so it
 * holds across app instances); this in-memory limit only slows one address spraying many emails.
 */
export const VERIFY_OTP_PER_ADDRESS = { max: 30, timeWindow: 15 * MINUTE } as const;

/** Password recovery (DESIGN.md §5, SPEC.md §7): forgot-password, verify-otp, reset-password. */
export async function passwordResetRoutes(
  app: FastifyInstance,
  { passwordReset: service }: { passwordReset: PasswordResetService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    API.passwordReset.forgotPassword,
    {
      schema: {
        summary: 'Email me a code to reset my password',
        description:
          'Answers the same 200 whether or not the email has an account. `token` is the captcha answer when the shop has a captcha.',
        tags: ['users'],
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(400, 403, 422, 429) },
      },
    },
    async (request) => {
      await service.requestCode(request.body, { ip: request.ip });
      return { message: PASSWORD_RESET_MESSAGES.otpSent };
    },
  );

  routes.post(
    API.passwordReset.verifyOtp,
    {
      schema: {
        summary: 'Check the emailed code',
        description:
          'A right code lets this browser reset that email’s password once, within 15 minutes. The answer sets a new session cookie; the CSRF token stays valid.',
        tags: ['users'],
        body: verifyOtpSchema,
        response: { 200: messageSchema, ...errorResponses(400, 403, 422, 429) },
      },
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
      // else (session fixation) never gains it. A guest keeps its CSRF token across the renewal.
      await service.verifyCode(request.body, () => renewSession(request, reply));
      return { message: PASSWORD_RESET_MESSAGES.otpVerified };
    },
  );

  routes.post(
    API.passwordReset.resetPassword,
    {
      schema: {
        summary: 'Set a new password after the code was checked',
        description:
          "Ends all the account's sessions. 403 unless this browser checked a code for that email.",
        tags: ['users'],
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(403, 422) },
      },
    },
    async (request) => {
      await service.resetPassword(request.body, request.sessionId);
      return { message: PASSWORD_RESET_MESSAGES.passwordReset };
    },
  );
}
