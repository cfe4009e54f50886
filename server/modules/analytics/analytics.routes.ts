import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../common/api-paths';
import { MINUTE } from '../../../common/constants';
import { ANALYTICS_MAX_BODY_BYTES, analyticsEventSchema } from '../../../common/schemas/analytics';
import { errorResponses } from '../../../common/schemas/errors';
import { TooManyRequestsError } from '../../errors';
import { type AnalyticsService, sendsPrivacySignal } from './analytics.service';

/** Events one client address may send per minute; generous for a person, tight for a script. */
export const ANALYTICS_RATE_LIMIT_PER_MINUTE = 120;

export class AnalyticsRateLimitError extends TooManyRequestsError {
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      'Too many analytics events from this address.',
      retryAfterMs,
      `Too many analytics events from this address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
  }
}

/** POST /api/analytics/collect (DESIGN.md §5). */
export async function analyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  // navigator.sendBeacon can only send text/plain without a CORS preflight, so a text/plain body is
  // parsed as JSON with the same parser (and errors) as application/json. This plugin is encapsulated,
  // so the override stays on this route.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: ANALYTICS_MAX_BODY_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    API.analytics.collect,
    {
      bodyLimit: ANALYTICS_MAX_BODY_BYTES,
      schema: {
        summary: 'Record a page view or an event',
        description:
          'What `navigator.sendBeacon` sends: JSON as application/json or text/plain, at most 16 KB. Nothing is kept when the browser sends Do Not Track or Global Privacy Control.',
        tags: ['analytics'],
        consumes: ['application/json', 'text/plain'],
        body: analyticsEventSchema,
        response: { 204: z.undefined(), ...errorResponses(413, 415, 422, 429) },
      },
      config: {
        // A beacon cannot set the X-CSRF-Token header, and the call changes nothing a forger could use.
        csrf: false,
        rateLimit: {
          max: ANALYTICS_RATE_LIMIT_PER_MINUTE,
          timeWindow: MINUTE,
          errorResponseBuilder: (_request, context) => new AnalyticsRateLimitError(context.ttl),
        },
      },
    },
    async (request, reply) => {
      await analytics.collect(request.body, { privacySignal: sendsPrivacySignal(request.headers) });
      return reply.status(204).send();
    },
  );
}
