import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { errorResponses } from '../../../common/schemas/errors';
import type { Order } from '../../../common/schemas/order';
import {
  paymentWebhookEventSchema,
  type VerifyPayment,
  verifiedPaymentSchema,
  verifyPaymentSchema,
  type WebhookAnswer,
  webhookAnswerSchema,
} from '../../../common/schemas/payment';
import { requireUser, signedInUser } from '../../plugins/auth';

/**
 * Settles payments (a flow: the order and its payment change together). `verify` checks the browser's
 * signed result; `webhook` the provider's signed event, whose id makes a repeat change nothing.
 */
export interface SettlePayment {
  verify(userId: string, input: VerifyPayment): Promise<Order>;
  webhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ): Promise<WebhookAnswer>;
}

/** One header value; a repeated header counts as none (and so fails the signature check). */
function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Online payments (DESIGN.md §5): the browser's verify call and the provider's webhook. Both hand the
 * work to the settle-payment flow, which changes the order and its payment together.
 */
export async function paymentsRoutes(app: FastifyInstance, { settle }: { settle: SettlePayment }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  routes.post(
    API.payments.verify,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Report a payment made in the provider’s checkout',
        description:
          'The three values the provider handed the browser; the server checks the signature (400 when it is wrong) and marks the order paid. 409 when the order expired or was cancelled first: the payment is refunded.',
        tags: ['payments'],
        body: verifyPaymentSchema,
        response: { 200: verifiedPaymentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({ order: await settle.verify(signedInUser(request).id, request.body) }),
  );

  // The webhook's signature covers the exact bytes sent, so this scope keeps JSON bodies as a Buffer
  // (a parsed and re-serialised body would not match). A signature stands in for the CSRF token.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      API.payments.webhook,
      {
        config: { csrf: false },
        schema: {
          summary: "The payment provider's webhook",
          description:
            'Signed by the provider: `X-Razorpay-Signature` is the HMAC of the exact body bytes, `X-Razorpay-Event-Id` names the event. Each event is handled once; a repeat answers `duplicate`.',
          tags: ['payments'],
          documentedBody: { contentType: 'application/json', schema: paymentWebhookEventSchema },
          response: { 200: webhookAnswerSchema, ...errorResponses(400) },
        },
      },
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
