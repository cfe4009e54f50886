import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAYMENT_API,
  verifiedPaymentSchema,
  verifyPaymentSchema,
  webhookAnswerSchema,
} from '../../../common/schemas/payment';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { createRefunder } from '../../flows/refund-payment';
import { createSettlePaymentFlow } from '../../flows/settle-payment';
import { requireUser } from '../../plugins/auth';
import type { PaymentProvider } from '../../providers';

/** One header value; a repeated header counts as none (and so fails the signature check). */
function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Online payments (DESIGN.md §5): the browser's verify call and the provider's webhook. Both hand the
 * work to the settle-payment flow, which changes the order and its payment together.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  { db, provider, now = () => new Date() }: { db: Db; provider: PaymentProvider; now?: () => Date },
) {
  const refunder = createRefunder({ db, payment: provider, now, log: app.log });
  const settle = createSettlePaymentFlow({ db, payment: provider, refunder, now, log: app.log });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    PAYMENT_API.verify,
    {
      preHandler: requireUser,
      schema: { body: verifyPaymentSchema, response: { 200: verifiedPaymentSchema } },
    },
    async (request) => {
      if (!request.user) throw new UnauthorizedError();
      return { order: await settle.verify(request.user.id, request.body) };
    },
  );

  // The webhook's signature covers the exact bytes sent, so this scope keeps JSON bodies as a Buffer
  // (a parsed and re-serialised body would not match). A signature stands in for the CSRF token.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        PAYMENT_API.webhook,
        { config: { csrf: false }, schema: { response: { 200: webhookAnswerSchema } } },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return settle.webhook(
            rawBody,
            headerOf(request, 'x-razorpay-signature'),
            headerOf(request, 'x-razorpay-event-id'),
          );
        },
      );
  });
}
