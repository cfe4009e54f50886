import { describe, expect, it } from 'vitest';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
  webhookSignature,
} from './signatures';

// Reference values computed with `openssl dgst -sha256 -hmac <secret>`, independent of this code.
const KEY_SECRET = 'rzp-key-secret';
const ORDER = 'order_IluGWxBm9U8zJ8';
const PAYMENT = 'pay_IH4NVgf4Dreq1l';
const PAYMENT_SIGNATURE = '419cadf79e8428c4a5f8e0dea4a6f5b080ab13e6676296b4fab33e607ba2b288';
const WEBHOOK_SECRET = 'whsec-123';
const BODY = '{"event":"payment.captured"}';
const WEBHOOK_SIGNATURE = '5ef75ee519f93d35da2791af12f44f0af3e0da0ce117de1aa9dbe7221b7779b8';

describe('payment signature (Razorpay: HMAC-SHA256 of order_id|payment_id with the key secret)', () => {
  it('signs as Razorpay does', () => {
    expect(paymentSignature(KEY_SECRET, ORDER, PAYMENT)).toBe(PAYMENT_SIGNATURE);
  });

  it('accepts the right signature', () => {
    expect(
      isValidPaymentSignature(KEY_SECRET, {
        providerOrderId: ORDER,
        paymentId: PAYMENT,
        signature: PAYMENT_SIGNATURE,
      }),
    ).toBe(true);
  });

  it('refuses a forged signature, one of another order or payment, and odd lengths or case', () => {
    const forged = `${PAYMENT_SIGNATURE.slice(0, -1)}0`;
    const cases = [
      { providerOrderId: ORDER, paymentId: PAYMENT, signature: forged },
      { providerOrderId: 'order_OtherOrder0001', paymentId: PAYMENT, signature: PAYMENT_SIGNATURE },
      { providerOrderId: ORDER, paymentId: 'pay_OtherPayment01', signature: PAYMENT_SIGNATURE },
      { providerOrderId: ORDER, paymentId: PAYMENT, signature: PAYMENT_SIGNATURE.slice(0, 32) },
      { providerOrderId: ORDER, paymentId: PAYMENT, signature: `${PAYMENT_SIGNATURE}00` },
      { providerOrderId: ORDER, paymentId: PAYMENT, signature: PAYMENT_SIGNATURE.toUpperCase() },
      { providerOrderId: ORDER, paymentId: PAYMENT, signature: '' },
    ];
    for (const payment of cases) expect(isValidPaymentSignature(KEY_SECRET, payment)).toBe(false);
  });

  it('fails closed without a secret, even for a signature made with an empty one', () => {
    const payment = {
      providerOrderId: ORDER,
      paymentId: PAYMENT,
      signature: paymentSignature('', ORDER, PAYMENT),
    };
    expect(isValidPaymentSignature('', payment)).toBe(false);
    expect(isValidPaymentSignature(undefined, payment)).toBe(false);
  });
});

describe('webhook signature (X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret)', () => {
  it('signs the raw body as Razorpay does and accepts it', () => {
    expect(webhookSignature(WEBHOOK_SECRET, BODY)).toBe(WEBHOOK_SIGNATURE);
    expect(isValidWebhookSignature(WEBHOOK_SECRET, Buffer.from(BODY), WEBHOOK_SIGNATURE)).toBe(true);
  });

  it('refuses the same JSON serialised differently, another secret, and a missing header', () => {
    const reformatted = JSON.stringify(JSON.parse(BODY), null, 2);
    expect(isValidWebhookSignature(WEBHOOK_SECRET, Buffer.from(reformatted), WEBHOOK_SIGNATURE)).toBe(false);
    expect(isValidWebhookSignature('another-secret', Buffer.from(BODY), WEBHOOK_SIGNATURE)).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK_SECRET, Buffer.from(BODY), undefined)).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK_SECRET, Buffer.from(BODY), '')).toBe(false);
  });

  it('fails closed without a secret', () => {
    const signed = webhookSignature('', BODY);
    expect(isValidWebhookSignature('', Buffer.from(BODY), signed)).toBe(false);
    expect(isValidWebhookSignature(undefined, Buffer.from(BODY), signed)).toBe(false);
  });
});
