import type { FastifyInstance } from 'fastify';
import { API } from '../../../common/api-paths';
import { type PublicConfig, publicConfigSchema } from '../../../common/schemas/config';
import { healthDownSchema, healthSchema } from '../../../common/schemas/health';
import type { Config } from '../../config/config';
import { captchaSiteKeyFor } from '../../providers/captcha/site-key';
import type { SettingsService } from '../settings/settings.service';

/** Health check and the public settings the web app needs (DESIGN.md §5). */
export async function systemRoutes(
  app: FastifyInstance,
  {
    config,
    settings,
    databaseUp,
  }: {
    config: Config;
    settings: Pick<SettingsService, 'current' | 'shippingRules'>;
    databaseUp: () => Promise<boolean>;
  },
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
          'Shop name, support contacts, the Grievance Officer, captcha site key, payment provider and key id, whether it is the demo shop, and the shipping and tax rules the checkout prices with.',
        tags: ['system'],
        response: { 200: publicConfigSchema },
      },
    },
    async (request, reply) => {
      // A minute, not longer: the owner changes the contacts and the shipping fee in the back office,
      // and the checkout shows the fee from this answer.
      reply.header('Cache-Control', 'public, max-age=60');
      // The captcha site key depends on the host the page was loaded from (SPEC.md §7).
      reply.header('Vary', 'Host');
      const shop = await settings.current();
      return {
        shopName: shop.shopName,
        supportEmail: shop.supportEmail,
        supportPhone: shop.supportPhone,
        whatsappNumber: shop.whatsappNumber,
        grievanceOfficer: shop.grievanceOfficer,
        captchaSiteKey: captchaSiteKeyFor(config, request.hostname),
        paymentProvider: config.PAYMENT_PROVIDER,
        paymentKeyId: config.PAYMENT_PROVIDER === 'razorpay' ? (config.RAZORPAY_KEY_ID ?? null) : null,
        demo: config.SEED === 'demo',
        // What the checkout needs to show exactly what the server will charge (DESIGN.md §5).
        shipping: await settings.shippingRules(),
      } satisfies PublicConfig;
    },
  );
}
