import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { MINUTE } from '../../../common/constants';
import { phoneVerifiedSchema, phoneVerifySchema } from '../../../common/schemas/auth';
import { errorResponses } from '../../../common/schemas/errors';
import { messageSchema } from '../../../common/schemas/message';
import { TooManyRequestsError } from '../../errors';
import { requireUser, signedInUser } from '../../plugins/auth';
import { PHONE_MESSAGES, type PhoneService } from './phone.service';

/** Code checks per client address; each code also dies after 5 tries (stored, so across instances). */
export const PHONE_VERIFY_PER_ADDRESS = { max: 30, timeWindow: 15 * MINUTE } as const;

/** Phone verification by SMS code (DESIGN.md §5): send-otp, verify. Signed-in shoppers only. */
export async function phoneRoutes(app: FastifyInstance, { phone }: { phone: PhoneService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    API.phone.sendOtp,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Text a code to my phone',
        tags: ['users'],
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      await phone.sendCode(signedInUser(request).id);
      return { message: PHONE_MESSAGES.sent };
    },
  );

  routes.post(
    API.phone.verify,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Verify my phone with the texted code',
        tags: ['users'],
        body: phoneVerifySchema,
        response: { 200: phoneVerifiedSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
      config: {
        rateLimit: {
          ...PHONE_VERIFY_PER_ADDRESS,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError('Too many code checks from this network.', context.ttl),
        },
      },
    },
    async (request) => {
      const user = await phone.verifyCode(signedInUser(request).id, request.body.otp);
      return { message: PHONE_MESSAGES.verified, user, isMobVerified: true };
    },
  );
}
