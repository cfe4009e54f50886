import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { API } from '../../../common/api-paths';
import { formatInr, toRupees } from '../../../common/money';
import { PAYMENT_RETURN_PARAMS, paymentReturnPath } from '../../../common/schemas/payment';
import type { ProviderLogger } from '../logger';
import { paymentSignature, webhookSignature } from './signatures';
import { type SimulatedOrder, type SimulatorStore, simulatorId } from './simulator-store';

export interface SimulatorCheckoutOptions {
  store: SimulatorStore;
  keySecret: string;
  webhookSecret: string;
  shopName: string;
  log: ProviderLogger;
}

/** Escapes text for HTML content and double-quoted attributes. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The page's only styling: a stylesheet of its own, since the CSP allows no inline style or script. */
const STYLESHEET = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f1ea;color:#1c1917}
.card{width:100%;max-width:24rem;background:#fff;border:1px solid #e7e0d6;border-radius:1rem;padding:1.5rem;
box-shadow:0 10px 30px rgb(28 25 23 / 8%);text-align:center}
.badge{display:inline-block;margin:0 0 1rem;padding:.25rem .75rem;border-radius:999px;background:#fef3c7;
color:#78350f;font-size:.8rem;font-weight:600}
h1{margin:0;font-size:1.5rem}
.receipt{margin:.25rem 0 0;color:#57534e}
.amount{margin:1.25rem 0;font-size:2.25rem;font-weight:700}
form{margin:.75rem 0 0}
button,.back{display:block;width:100%;padding:.8rem 1rem;border-radius:.75rem;font:inherit;font-weight:600;
cursor:pointer;text-decoration:none}
.pay{border:0;background:#7c2d12;color:#fff}
.fail{border:1px solid #d6d3d1;background:#fff;color:#1c1917}
.back{border:1px solid #7c2d12;color:#7c2d12;margin-top:1rem}
button:focus-visible,.back:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{margin:1rem 0 0;font-size:.85rem;color:#57534e}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/logo.svg">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${API.payments.simulatorStylesheet}">
</head>
<body>
<main class="card">
<p class="badge">Payment simulator: no real money moves</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * The simulator's hosted payment page (docs/decisions/006-payments.md), served by the app itself: the
 * shop's name, the amount in INR, and Pay / Fail as plain form posts. Paying signs the result exactly
 * as Razorpay does, delivers a signed `payment.captured` webhook to the app and sends the browser back
 * to the order with Razorpay's three callback values; failing delivers `payment.failed` and sends it
 * back with `payment=failed`. Plain HTML with no script, so the strict CSP needs no exception.
 */
export function simulatorCheckoutRoutes({
  store,
  keySecret,
  webhookSecret,
  shopName,
  log,
}: SimulatorCheckoutOptions): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    // The two forms post no fields, so their url-encoded bodies are not even read.
    app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );

    const html = (reply: FastifyReply, status: number, title: string, body: string) =>
      reply
        .status(status)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(title, body));

    const notFound = (reply: FastifyReply) =>
      html(
        reply,
        404,
        `Payment link not found · ${shopName}`,
        `<h1>${escapeHtml(shopName)}</h1>\n<p class="note">This payment link is not valid.</p>\n<a class="back" href="/">Back to the shop</a>`,
      );

    const alreadyPaid = (reply: FastifyReply, order: SimulatedOrder, status: number) =>
      html(
        reply,
        status,
        `Already paid · ${shopName}`,
        `<h1>${escapeHtml(shopName)}</h1>\n<p class="receipt">Order ${escapeHtml(order.receipt)}</p>\n<p class="note">This order has been paid already.</p>\n<a class="back" href="${escapeHtml(paymentReturnPath(order.orderId))}">Back to your order</a>`,
      );

    /** Delivers a webhook the way Razorpay does: the JSON body signed in X-Razorpay-Signature. */
    async function deliverWebhook(event: 'payment.captured' | 'payment.failed', payment: object) {
      const createdAt = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_simulator',
        event,
        contains: ['payment'],
        payload: { payment: { entity: payment } },
        created_at: createdAt,
      });
      const eventId = simulatorId('evt');
      try {
        const response = await app.inject({
          method: 'POST',
          url: API.payments.webhook,
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': webhookSignature(webhookSecret, body),
            'x-razorpay-event-id': eventId,
          },
          payload: body,
        });
        if (response.statusCode !== 200) {
          log.warn(`payment simulator: webhook ${event} ${eventId} answered ${response.statusCode}`);
        }
      } catch (error) {
        log.warn(`payment simulator: webhook ${event} ${eventId} failed (${(error as Error).message})`);
      }
    }

    // The hosted page is HTML for the browser, not part of the JSON API, so the OpenAPI document leaves
    // these routes out.
    const hide = { schema: { hide: true } };

    app.get(API.payments.simulatorStylesheet, hide, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=86400').type('text/css; charset=utf-8').send(STYLESHEET),
    );

    app.get<{ Params: { providerOrderId: string } }>(
      API.payments.simulatorCheckout.pattern,
      hide,
      async (request, reply) => {
        const order = await store.order(request.params.providerOrderId);
        if (!order) return notFound(reply);
        if (await store.capturedPayment(order.id)) return alreadyPaid(reply, order, 200);
        const amount = formatInr(toRupees(order.amount));
        return html(
          reply,
          200,
          `Pay ${amount} · ${shopName}`,
          `<h1>${escapeHtml(shopName)}</h1>
<p class="receipt">Order ${escapeHtml(order.receipt)}</p>
<p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${escapeHtml(API.payments.simulatorPay(order.id))}"><button type="submit" class="pay">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${escapeHtml(API.payments.simulatorFail(order.id))}"><button type="submit" class="fail">Fail payment</button></form>
<p class="note">Pay completes the payment as a card or UPI payment would; Fail declines it.</p>`,
        );
      },
    );

    // A cross-site form could post here, but only with an unguessable order id, and the simulator
    // moves no money; so these posts need no CSRF token (a browser form cannot send the header).
    app.post<{ Params: { providerOrderId: string } }>(
      API.payments.simulatorPay.pattern,
      { ...hide, config: { csrf: false } },
      async (request, reply) => {
        const order = await store.order(request.params.providerOrderId);
        if (!order) return notFound(reply);
        const paymentId = simulatorId('pay');
        const at = new Date();
        if (!(await store.capture(order.id, paymentId, at))) return alreadyPaid(reply, order, 409);
        await store.savePayment({
          id: paymentId,
          orderId: order.id,
          amount: order.amount,
          status: 'captured',
          createdAt: at.toISOString(),
        });
        await deliverWebhook('payment.captured', {
          id: paymentId,
          entity: 'payment',
          amount: order.amount,
          currency: order.currency,
          status: 'captured',
          order_id: order.id,
          method: 'upi',
          captured: true,
          created_at: Math.floor(at.getTime() / 1000),
        });
        const back = new URLSearchParams({
          [PAYMENT_RETURN_PARAMS.providerOrderId]: order.id,
          [PAYMENT_RETURN_PARAMS.paymentId]: paymentId,
          [PAYMENT_RETURN_PARAMS.signature]: paymentSignature(keySecret, order.id, paymentId),
        });
        return reply.redirect(`${paymentReturnPath(order.orderId)}?${back}`, 303);
      },
    );

    app.post<{ Params: { providerOrderId: string } }>(
      API.payments.simulatorFail.pattern,
      { ...hide, config: { csrf: false } },
      async (request, reply) => {
        const order = await store.order(request.params.providerOrderId);
        if (!order) return notFound(reply);
        if (await store.capturedPayment(order.id)) return alreadyPaid(reply, order, 409);
        const paymentId = simulatorId('pay');
        const at = new Date();
        await store.savePayment({
          id: paymentId,
          orderId: order.id,
          amount: order.amount,
          status: 'failed',
          createdAt: at.toISOString(),
        });
        await deliverWebhook('payment.failed', {
          id: paymentId,
          entity: 'payment',
          amount: order.amount,
          currency: order.currency,
          status: 'failed',
          order_id: order.id,
          method: 'upi',
          captured: false,
          error_code: 'BAD_REQUEST_ERROR',
          error_description: 'The payment was declined on the payment simulator.',
          created_at: Math.floor(at.getTime() / 1000),
        });
        const back = new URLSearchParams({
          [PAYMENT_RETURN_PARAMS.outcome]: 'failed',
          [PAYMENT_RETURN_PARAMS.providerOrderId]: order.id,
        });
        return reply.redirect(`${paymentReturnPath(order.orderId)}?${back}`, 303);
      },
    );
  };
}
