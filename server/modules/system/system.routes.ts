import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../../common/schemas/config';
import type { Config } from '../../config/config';
import { type Db, isDatabaseUp } from '../../db/client';
import { captchaSiteKeyFor } from '../../providers/captcha/site-key';
import { shippingRulesOf } from '../order/order-pricing';

/** Health check and the public settings the web app needs (DESIGN.md §5). */
export async function systemRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.get('/api/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (await isDatabaseUp(db)) return { status: 'ok' };
    return reply.status(503).send({ status: 'error', message: 'The database does not answer.' });
  });

  app.get('/api/config', async (request, reply) => {
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
  });
}
