import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { MINUTE } from '../../../common/constants';
import { errorResponses } from '../../../common/schemas/errors';
import {
  SHIPPING_MESSAGES,
  serviceabilityQuerySchema,
  serviceabilitySchema,
  trackingWebhookSchema,
  type WebhookOutcome,
  webhookAnswerSchema,
} from '../../../common/schemas/shipping';
import { TooManyRequestsError } from '../../errors';
import type { ShippingService } from './shipping.service';

export interface ShippingRoutesOptions {
  shipping: Pick<ShippingService, 'serviceability'>;
  /**
   * Applies the courier's tracking webhook to its order (a flow: the order, its stock and the refund
   * of a failed delivery change together); checks the courier's token first.
   */
  receiveWebhook: (
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ) => Promise<WebhookOutcome>;
}

/** Pincode checks one client address may make per minute: plenty for a shopper, not for a scraper. */
export const SERVICEABILITY_CHECKS_PER_MINUTE = 60;
/** An answer depends only on the pincode and changes rarely, so browsers and caches may keep it. */
const SERVICEABILITY_CACHE = 'public, max-age=600';

/** Serviceability by pincode and the courier's tracking webhook (DESIGN.md §5). */
export async function shippingRoutes(
  app: FastifyInstance,
  { shipping, receiveWebhook }: ShippingRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.shipping.serviceability,
    {
      schema: {
        summary: 'Can the courier deliver to a pincode',
        description: 'Whether, with cash on delivery or not, and in how many days.',
        tags: ['shipping'],
        querystring: serviceabilityQuerySchema,
        response: { 200: serviceabilitySchema, ...errorResponses(422, 429, 503) },
      },
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
    API.shipping.webhook,
    {
      schema: {
        summary: "The courier's tracking webhook",
        description:
          'Shiprocket sends the token set in its panel as `x-api-key` (401 without it). 404 when the shop’s courier sends no webhooks.',
        tags: ['shipping'],
        // The courier's adapter reads the body, so a body it does not know is ignored rather than refused.
        documentedBody: { contentType: 'application/json', schema: trackingWebhookSchema },
        response: { 200: webhookAnswerSchema, ...errorResponses(401, 404) },
      },
      // The courier's server cannot hold a CSRF token; the shared token in x-api-key proves the sender.
      config: { csrf: false },
    },
    async (request) => ({ status: await receiveWebhook(request.headers, request.body) }),
  );
}
