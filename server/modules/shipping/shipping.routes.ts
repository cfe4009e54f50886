import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MINUTE } from '../../../common/constants';
import {
  SHIPPING_API,
  SHIPPING_MESSAGES,
  serviceabilityQuerySchema,
  serviceabilitySchema,
  webhookAnswerSchema,
} from '../../../common/schemas/shipping';
import type { Db } from '../../db/client';
import { TooManyRequestsError } from '../../errors';
import { createRefunder } from '../../flows/refund-payment';
import { createTrackShipmentFlow } from '../../flows/ship-order';
import type { PaymentProvider } from '../../providers';
import type { ProviderLogger } from '../../providers/logger';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider';
import { createShippingService } from './shipping.service';

/** Pincode checks one client address may make per minute: plenty for a shopper, not for a scraper. */
export const SERVICEABILITY_CHECKS_PER_MINUTE = 60;
/** An answer depends only on the pincode and changes rarely, so browsers and caches may keep it. */
const SERVICEABILITY_CACHE = 'public, max-age=600';

/** Serviceability by pincode and the courier's tracking webhook (DESIGN.md §5). */
export async function shippingRoutes(
  app: FastifyInstance,
  {
    db,
    provider,
    payment,
    log,
    now = () => new Date(),
  }: {
    db: Db;
    provider: ShippingProvider;
    /** Refunds an order paid online whose delivery failed. */
    payment: PaymentProvider;
    log: ProviderLogger;
    now?: () => Date;
  },
) {
  const shipping = createShippingService(db, { provider, log });
  const receiveWebhook = createTrackShipmentFlow({
    db,
    provider,
    now,
    refunder: createRefunder({ db, payment, now, log }),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    SHIPPING_API.serviceability,
    {
      schema: { querystring: serviceabilityQuerySchema, response: { 200: serviceabilitySchema } },
      config: {
        rateLimit: {
          max: SERVICEABILITY_CHECKS_PER_MINUTE,
          timeWindow: MINUTE,
          errorResponseBuilder: (_request, context) =>
            new TooManyRequestsError(SHIPPING_MESSAGES.tooManyChecks, context.ttl),
        },
      },
    },
    async (request, reply) => {
      const answer = await shipping.serviceability(request.query.pincode);
      reply.header('Cache-Control', SERVICEABILITY_CACHE);
      return answer;
    },
  );

  routes.post(
    SHIPPING_API.webhook,
    {
      schema: { response: { 200: webhookAnswerSchema } },
      // The courier's server cannot hold a CSRF token; the shared token in x-api-key proves the sender.
      config: { csrf: false },
    },
    async (request) => ({ status: await receiveWebhook(request.headers, request.body) }),
  );
}
