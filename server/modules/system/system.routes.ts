import type { FastifyInstance } from 'fastify';
import { API } from '../../../common/api-paths';
import { type PublicConfig, publicConfigSchema } from '../../../common/schemas/config';
import { healthDownSchema, healthSchema } from '../../../common/schemas/health';
import type { Config } from '../../config/config';
import { captchaSiteKeyFor } from '../../providers/captcha/site-key';
import { shippingRulesOf } from '../order/order-pricing';

/** Health check and the public settings the web app needs (DESIGN.md §5). */
export async function systemRoutes(
  app: FastifyInstance,
  { config, databaseUp }: { config: Config; databaseUp: () => Promise<boolean> },
) {
  app.get(
    API.system.health,
    {
      schema: {
        summary: 'Is the shop up',
        description: '200 when the database answers, 503 when it does not.',
        tags: ['system'],
        response: { 200: healthSchema, 503: healthDownSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (await databaseUp()) return { status: 'ok' };
      return reply.status(503).send({ status: 'error', message: 'The database does not answer.' });
    },
  );

  app.get(
    API.system.config,
    {
      schema: {
        summary: 'Public settings',
        description:
          'Shop name, support contacts, captcha site key, payment provider and key id, and the shipping and tax rules the checkout prices with.',
        tags: ['system'],
        response: { 200: publicConfigSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      // The captcha site key depends on the host the page was loaded from (SPEC.md §7).
      reply.header('Vary', 'Host');
      return {
        shopName: config.SHOP_NAME,
        supportEmail: config.SUPPORT_EMAIL,
        supportPhone: config.SUPPORT_PHONE,
        whatsappNumber: config.WHATSAPP_NUMBER,
        captchaSiteKey: captchaSiteKeyFor(config, request.hostname),
        paymentProvider: config.PAYMENT_PROVIDER,
        paymentKeyId: config.PAYMENT_PROVIDER === 'razorpay' ? (config.RAZORPAY_KEY_ID ?? null) : null,
        // What the checkout needs to show exactly what the server will charge (DESIGN.md §5).
        shipping: shippingRulesOf(config),
      } satisfies PublicConfig;
    },
  );
}
