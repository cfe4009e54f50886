import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRazorpayPaymentProvider } from './razorpay';
import { paymentSignature, webhookSignature } from './signatures';

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

type Answer = { status?: number; body: unknown };

interface FakeRazorpay {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** A stand-in for api.razorpay.com that answers each path with the given status and JSON body. */
async function startFakeRazorpay(answers: Record<string, Answer>): Promise<FakeRazorpay> {
  const requests: SeenRequest[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = request.url ?? '';
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: text ? JSON.parse(text) : undefined,
    });
    const answer = answers[path] ?? { status: 404, body: { error: { description: 'no such path' } } };
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fakes: FakeRazorpay[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

async function providerAgainst(answers: Record<string, Answer>) {
  const fake = await startFakeRazorpay(answers);
  fakes.push(fake);
  const warnings: string[] = [];
  const infos: string[] = [];
  const razorpay = createRazorpayPaymentProvider({
    keyId: 'rzp_test_key',
    keySecret: 'key-secret',
    webhookSecret: 'webhook-secret',
    apiUrl: fake.url,
    log: { info: (line) => infos.push(line), warn: (line) => warnings.push(line) },
  });
  return { razorpay, fake, infos, warnings };
}

const basicAuth = `Basic ${Buffer.from('rzp_test_key:key-secret').toString('base64')}`;

describe('Razorpay provider: Orders API', () => {
  it('opens an order in paise with our order number as receipt, over basic auth', async () => {
    const { razorpay, fake } = await providerAgainst({
      '/v1/orders': {
        body: {
          id: 'order_IluGWxBm9U8zJ8',
          entity: 'order',
          amount: 54800,
          currency: 'INR',
          status: 'created',
        },
      },
    });
    expect(razorpay).toMatchObject({ name: 'razorpay', keyId: 'rzp_test_key' });
    const opened = await razorpay.createOrder({
      amountPaise: 54800,
      receipt: 'PNV-2611-7K3Q9',
      orderId: '4f0c1d9e-0000-4000-8000-000000000001',
    });
    expect(opened).toEqual({ providerOrderId: 'order_IluGWxBm9U8zJ8', amountPaise: 54800, currency: 'INR' });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/orders',
        authorization: basicAuth,
        contentType: 'application/json',
        body: {
          amount: 54800,
          currency: 'INR',
          receipt: 'PNV-2611-7K3Q9',
          notes: { order_id: '4f0c1d9e-0000-4000-8000-000000000001' },
        },
      },
    ]);
  });

  it('refuses an order opened for another amount', async () => {
    const { razorpay } = await providerAgainst({
      '/v1/orders': { body: { id: 'order_X', amount: 100, currency: 'INR' } },
    });
    await expect(razorpay.createOrder({ amountPaise: 54800, receipt: 'r', orderId: 'o' })).rejects.toThrow(
      'razorpay: order order_X was opened for 100 INR, not 54800 INR',
    );
  });

  it('reports an error answer with Razorpay’s description, and nonsense as unexpected', async () => {
    const refused = await providerAgainst({
      '/v1/orders': {
        status: 401,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } },
      },
    });
    await expect(
      refused.razorpay.createOrder({ amountPaise: 100, receipt: 'r', orderId: 'o' }),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      message: 'razorpay: /v1/orders answered HTTP 401: Authentication failed',
    });
    const garbled = await providerAgainst({ '/v1/orders': { body: 'not json' } });
    await expect(
      garbled.razorpay.createOrder({ amountPaise: 100, receipt: 'r', orderId: 'o' }),
    ).rejects.toThrow('razorpay: /v1/orders answered an unexpected body');
  });

  it('reports an unreachable API', async () => {
    const fake = await startFakeRazorpay({});
    await fake.close();
    const razorpay = createRazorpayPaymentProvider({
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
      apiUrl: fake.url,
      log: { info: () => {}, warn: () => {} },
    });
    await expect(razorpay.createOrder({ amountPaise: 100, receipt: 'r', orderId: 'o' })).rejects.toThrow(
      /^razorpay: \/v1\/orders unreachable/,
    );
  });
});

describe('Razorpay provider: Refunds API', () => {
  it('refunds the full amount of a payment and answers the refund id', async () => {
    const { razorpay, fake, infos } = await providerAgainst({
      '/v1/payments/pay_IH4NVgf4Dreq1l/refund': {
        body: { id: 'rfnd_FgRAHdNOM4ZVbO', entity: 'refund', amount: 54800, status: 'processed' },
      },
    });
    expect(
      await razorpay.refund({
        paymentId: 'pay_IH4NVgf4Dreq1l',
        amountPaise: 54800,
        receipt: 'PNV-2611-7K3Q9',
      }),
    ).toEqual({ refundId: 'rfnd_FgRAHdNOM4ZVbO' });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/payments/pay_IH4NVgf4Dreq1l/refund',
        authorization: basicAuth,
        contentType: 'application/json',
        body: { amount: 54800, speed: 'normal', receipt: 'PNV-2611-7K3Q9' },
      },
    ]);
    expect(infos).toEqual(['razorpay: refund rfnd_FgRAHdNOM4ZVbO of pay_IH4NVgf4Dreq1l initiated']);
  });

  it('reports a refused refund', async () => {
    const { razorpay } = await providerAgainst({
      '/v1/payments/pay_1/refund': {
        status: 400,
        body: { error: { description: 'The payment has been fully refunded already' } },
      },
    });
    await expect(razorpay.refund({ paymentId: 'pay_1', amountPaise: 100, receipt: 'r' })).rejects.toThrow(
      'razorpay: /v1/payments/pay_1/refund answered HTTP 400: The payment has been fully refunded already',
    );
  });
});

describe('Razorpay provider: signatures', () => {
  it('verifies checkout results with the key secret and webhooks with the webhook secret', async () => {
    const { razorpay } = await providerAgainst({});
    const signature = paymentSignature('key-secret', 'order_1', 'pay_1');
    expect(razorpay.verifyPayment({ providerOrderId: 'order_1', paymentId: 'pay_1', signature })).toBe(true);
    expect(razorpay.verifyPayment({ providerOrderId: 'order_2', paymentId: 'pay_1', signature })).toBe(false);
    const body = Buffer.from('{"event":"payment.captured"}');
    expect(razorpay.verifyWebhook(body, webhookSignature('webhook-secret', body))).toBe(true);
    // The key secret does not sign webhooks.
    expect(razorpay.verifyWebhook(body, webhookSignature('key-secret', body))).toBe(false);
  });
});
