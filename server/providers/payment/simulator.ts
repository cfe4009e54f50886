import path from 'node:path';
import { readOrCreateSecret } from '../../config/config';
import type { ProviderLogger } from '../logger';
import { type PaymentProvider, PaymentProviderError } from './payment-provider';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';
import { simulatorCheckoutRoutes } from './simulator-checkout';
import { createSimulatorStore, type SimulatedRefund, simulatorId } from './simulator-store';

/** The simulator's public key id, handed to the browser like Razorpay's key id. */
export const SIMULATOR_KEY_ID = 'rzp_simulator';

/** The simulator's two secrets, generated once into DATA_DIR like the session secret. */
export function simulatorSecrets(dataDir: string): { keySecret: string; webhookSecret: string } {
  return {
    keySecret: readOrCreateSecret(dataDir, 'payment-simulator-key-secret'),
    webhookSecret: readOrCreateSecret(dataDir, 'payment-simulator-webhook-secret'),
  };
}

/** Where the simulator keeps its orders, payments and refunds under DATA_DIR. */
export const paymentSimulatorDir = (dataDir: string) => path.join(dataDir, 'payment-simulator');

export interface SimulatorOptions {
  dir: string;
  keySecret: string;
  webhookSecret: string;
  shopName: string;
  log: ProviderLogger;
}

/**
 * The local payment simulator (the default): orders and refunds are files under `dir`, and the shopper
 * pays or fails on a hosted page the app serves itself (simulator-checkout.ts), which signs the result
 * and the webhook exactly as Razorpay does. No money moves and nothing leaves the machine.
 */
export function createSimulatorPaymentProvider({
  dir,
  keySecret,
  webhookSecret,
  shopName,
  log,
}: SimulatorOptions): PaymentProvider {
  const store = createSimulatorStore(dir);
  return {
    name: 'simulator',
    keyId: SIMULATOR_KEY_ID,

    async createOrder({ amountPaise, receipt, orderId }) {
      const id = simulatorId('order');
      await store.saveOrder({
        id,
        amount: amountPaise,
        currency: 'INR',
        receipt,
        orderId,
        createdAt: new Date().toISOString(),
      });
      return { providerOrderId: id, amountPaise, currency: 'INR' };
    },

    async refund({ paymentId, amountPaise, receipt }) {
      const refund: SimulatedRefund = {
        id: simulatorId('rfnd'),
        paymentId,
        amount: amountPaise,
        receipt,
        createdAt: new Date().toISOString(),
      };
      // Razorpay refuses to refund more than was paid; so does the simulator. A payment made through
      // its checkout page has a known amount, so it may be refunded in parts up to it, as Razorpay allows.
      const paid = await store.paidAmount(paymentId);
      const saved =
        paid === undefined ? await store.saveRefund(refund) : await store.saveRefundWithin(refund, paid);
      if (!saved) {
        throw new PaymentProviderError(`simulator: payment ${paymentId} has been fully refunded already`);
      }
      log.info(`payment simulator: refund ${refund.id} of ${paymentId} recorded`);
      return { refundId: refund.id };
    },

    verifyPayment: (payment) => isValidPaymentSignature(keySecret, payment),
    verifyWebhook: (rawBody, signature) => isValidWebhookSignature(webhookSecret, rawBody, signature),
    routes: simulatorCheckoutRoutes({ store, keySecret, webhookSecret, shopName, log }),
  };
}
