import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Order, OrderActor } from '../../common/schemas/order';
import { PAYMENT_MESSAGES, type VerifyPayment, type WebhookAnswer } from '../../common/schemas/payment';
import { singleLine } from '../../common/schemas/text';
import { BadRequestError, DomainError, NotFoundError } from '../errors';
import type { PaymentRow } from '../modules/payments/payments.service';
import type { PaymentProvider } from '../providers';
import type { ProviderLogger } from '../providers/logger';
import type { FlowContext, Services } from '../services';
import type { Refunder } from './refund-payment';

/** 409: the payment came for an order that can no longer be filled; it is being refunded. */
export class PaymentRefundedError extends DomainError {
  constructor(message: string) {
    super(409, message, 'PAYMENT_REFUNDED');
  }
}

export interface SettlePaymentDeps extends FlowContext {
  payment: PaymentProvider;
  refunder: Refunder;
  now: () => Date;
  log: ProviderLogger;
}

/** Who reported the payment: the shopper's browser (verify) or the provider (webhook). */
interface Reporter {
  actor: OrderActor;
  actorUserId: string | null;
}

/**
 * What a captured payment did: paid the order; or came for an order that is gone or cancelled, so it
 * is refunded (`refundRowId` set when this event initiated the refund); or was not accepted.
 */
type Settlement =
  | { kind: 'paid' }
  | { kind: 'refunding'; reason: 'expired' | 'cancelled'; refundRowId?: string }
  | { kind: 'ignored' }
  /** The payment is already recorded against another provider order. */
  | { kind: 'elsewhere' };

// A signed event is still text the database must hold: ids and names follow the shop's text rules
// (docs/decisions/030-text-input.md), so a control character answers WEBHOOK_INVALID, not a refusal
// by the database.
const paymentEntity = z.object({
  id: singleLine().min(1),
  order_id: singleLine().min(1),
  amount: z.number().int(),
  currency: singleLine(),
});
const refundEntity = z.object({
  id: singleLine().min(1),
  payment_id: singleLine().min(1),
  amount: z.number().int(),
  currency: singleLine(),
});
const webhookEnvelope = z.object({ event: singleLine().min(1), payload: z.record(z.string(), z.unknown()) });
const paymentPayload = z.object({ payment: z.object({ entity: paymentEntity }) });
const refundPayload = z.object({ refund: z.object({ entity: refundEntity }) });

/** The events this shop acts on, with their entity; any other event is acknowledged and ignored. */
type WebhookEvent =
  | { kind: 'payment.captured' | 'payment.failed'; payment: z.infer<typeof paymentEntity> }
  | { kind: 'refund.processed'; refund: z.infer<typeof refundEntity> }
  | { kind: 'other'; name: string };

/** Reads a webhook body whose signature was checked; a malformed body of an acted-on event is a 400. */
function parseWebhookEvent(rawBody: Buffer): WebhookEvent {
  const invalid = () => new BadRequestError(PAYMENT_MESSAGES.webhookBody, 'WEBHOOK_INVALID');
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalid();
  }
  const envelope = webhookEnvelope.safeParse(json);
  if (!envelope.success) throw invalid();
  const { event, payload } = envelope.data;
  if (event === 'payment.captured' || event === 'payment.failed') {
    const parsed = paymentPayload.safeParse(payload);
    if (!parsed.success) throw invalid();
    return { kind: event, payment: parsed.data.payment.entity };
  }
  if (event === 'refund.processed') {
    const parsed = refundPayload.safeParse(payload);
    if (!parsed.success) throw invalid();
    return { kind: event, refund: parsed.data.refund.entity };
  }
  return { kind: 'other', name: event };
}

/** The longest event id accepted from the header; anything else is replaced by the body's hash. */
const EVENT_ID = /^[\x21-\x7e]{1,100}$/;

/**
 * Applies the provider's word about a payment to its order (DESIGN.md §5, §6): the browser's verify
 * call and the signed webhooks. Both lock the order first, then its payment row (the same order as
 * cancelling and expiring), and change both only forward: Paid never goes back to Pending or Failed,
 * and a repeated or late event changes nothing. A payment for an order that is gone or cancelled is
 * refunded, never revived; the refund call runs after the commit (createRefunder).
 */
export function createSettlePaymentFlow({
  services,
  transaction,
  payment,
  refunder,
  now,
  log,
}: SettlePaymentDeps) {
  /** A captured payment of `row`'s provider order, with `row` unlocked as first read. */
  async function settleCaptured(
    tx: Services,
    found: PaymentRow,
    paymentId: string,
    reporter: Reporter,
    amount?: { amountPaise: number; currency: string },
  ): Promise<Settlement> {
    const orders = tx.orders;
    const payments = tx.payments;
    const order = await orders.lockById(found.orderId);
    const row = await payments.lockByProviderOrderId(found.providerOrderId);
    if (!row) return { kind: 'ignored' };
    if (amount && (amount.amountPaise !== row.amountPaise || amount.currency !== row.currency)) {
      log.warn(
        `payments: ${paymentId} of ${amount.amountPaise} ${amount.currency} for ${row.providerOrderId} (${row.amountPaise} ${row.currency}) not accepted: the amount does not match`,
      );
      return { kind: 'ignored' };
    }
    const at = now();
    const gone = !order || order.deliveryStatus === 'Cancelled';
    const reason = order ? 'cancelled' : 'expired';

    if (row.paymentId === paymentId && row.status !== 'created' && row.status !== 'failed') {
      // This payment was settled before: answer as then, change nothing.
      return gone ? { kind: 'refunding', reason } : { kind: 'paid' };
    }
    if (row.paymentId !== null && row.status !== 'failed' && row.status !== 'created') {
      log.warn(
        `payments: a second payment ${paymentId} for ${row.providerOrderId}, already settled by ${row.paymentId}; refund it in the provider dashboard`,
      );
      return { kind: 'ignored' };
    }
    // A payment pays one provider order. One recorded against another order cannot settle this one:
    // recording it twice would break the payment's uniqueness, so it is refused here instead.
    const holder = await payments.findByPaymentId(payment.name, paymentId);
    if (holder && holder.id !== row.id) {
      log.warn(
        `payments: ${paymentId} for ${row.providerOrderId} not accepted: it is recorded for ${holder.providerOrderId}`,
      );
      return { kind: 'elsewhere' };
    }
    if (gone) {
      await payments.markRefundInitiated(row, paymentId, at);
      if (order) {
        await orders.changeStatus(order.id, {
          deliveryStatus: order.deliveryStatus,
          paymentStatus: 'Refund Initiated',
          ...reporter,
          note: `Payment ${paymentId} arrived after the order was cancelled; refund initiated.`,
          at,
        });
      }
      return { kind: 'refunding', reason, refundRowId: row.id };
    }
    await payments.markPaid(row, paymentId, at);
    await orders.changeStatus(order.id, {
      deliveryStatus: order.deliveryStatus === 'Pending' ? 'Processing' : order.deliveryStatus,
      paymentStatus: 'Paid',
      ...reporter,
      note: `Paid online (payment ${paymentId}).`,
      at,
    });
    return { kind: 'paid' };
  }

  /** A declined attempt: only an order still waiting for its payment becomes Failed (it stays for expiry). */
  async function settleFailed(tx: Services, found: PaymentRow, paymentId: string): Promise<boolean> {
    const orders = tx.orders;
    const payments = tx.payments;
    const order = await orders.lockById(found.orderId);
    const row = await payments.lockByProviderOrderId(found.providerOrderId);
    if (!row || !(await payments.markFailed(row, now()))) return false;
    if (order?.paymentStatus !== 'Pending' || order.deliveryStatus !== 'Pending') return true;
    await orders.changeStatus(order.id, {
      deliveryStatus: order.deliveryStatus,
      paymentStatus: 'Failed',
      actor: 'system',
      actorUserId: null,
      note: `Online payment failed (payment ${paymentId}). The order waits for payment until it expires.`,
      at: now(),
    });
    return true;
  }

  /** The provider finished a full refund: Paid or Refund Initiated → Refunded. */
  async function settleRefunded(tx: Services, refund: z.infer<typeof refundEntity>): Promise<boolean> {
    const payments = tx.payments;
    const found = await payments.findByPaymentId(payment.name, refund.payment_id);
    if (!found) return false;
    if (refund.amount !== found.amountPaise) {
      // Partial refunds (a return of some lines) are the returns slice's to book; the order stays as is.
      log.warn(`payments: partial refund ${refund.id} of ${refund.payment_id} not applied to the order`);
      return false;
    }
    const orders = tx.orders;
    const order = await orders.lockById(found.orderId);
    const row = await payments.lockByPaymentId(payment.name, refund.payment_id);
    if (!row || !(await payments.markRefunded(row, refund.id, now()))) return false;
    if (order?.paymentStatus !== 'Paid' && order?.paymentStatus !== 'Refund Initiated') return true;
    await orders.changeStatus(order.id, {
      deliveryStatus: order.deliveryStatus,
      paymentStatus: 'Refunded',
      actor: 'system',
      actorUserId: null,
      note: `Refund ${refund.id} processed.`,
      at: now(),
    });
    return true;
  }

  return {
    /**
     * `POST /api/payments/verify`: the shopper's browser reports a payment. A signature that is not the
     * provider's, one for another order, or a payment already recorded for another order answers 400
     * and changes nothing; another shopper's order answers 404. A payment for an order that expired or was cancelled is refunded (409).
     */
    async verify(userId: string, input: VerifyPayment): Promise<Order> {
      if (!payment.verifyPayment(input)) {
        throw new BadRequestError(PAYMENT_MESSAGES.signatureInvalid, 'PAYMENT_SIGNATURE_INVALID');
      }
      const settlement = await transaction(async (tx) => {
        const found = await tx.payments.findByProviderOrderId(input.providerOrderId);
        if (!found || found.orderId !== input.orderId.toLowerCase()) {
          throw new BadRequestError(PAYMENT_MESSAGES.orderMismatch, 'PAYMENT_ORDER_MISMATCH');
        }
        if (found.userId !== userId) throw new NotFoundError('Order not found.');
        return settleCaptured(tx, found, input.paymentId, { actor: 'customer', actorUserId: userId });
      });
      if (settlement.kind === 'elsewhere') {
        throw new BadRequestError(PAYMENT_MESSAGES.orderMismatch, 'PAYMENT_ORDER_MISMATCH');
      }
      if (settlement.kind === 'refunding') {
        if (settlement.refundRowId) await refunder.refund(settlement.refundRowId);
        throw new PaymentRefundedError(
          settlement.reason === 'expired'
            ? PAYMENT_MESSAGES.refundedExpired
            : PAYMENT_MESSAGES.refundedCancelled,
        );
      }
      return services.orders.getOwned(userId, input.orderId);
    },

    /**
     * `POST /api/payments/webhook`: the signature is checked over the raw body before anything is
     * parsed (400 when it is wrong or missing). Each event id is handled once, in the same transaction
     * as its effect. Events this shop does not act on, and ones for orders it does not know, answer
     * 200 so the provider stops sending them.
     */
    async webhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventIdHeader: string | undefined,
    ): Promise<WebhookAnswer> {
      if (!payment.verifyWebhook(rawBody, signature)) {
        throw new BadRequestError(PAYMENT_MESSAGES.webhookSignature, 'WEBHOOK_SIGNATURE_INVALID');
      }
      const event = parseWebhookEvent(rawBody);
      // Razorpay names every event in X-Razorpay-Event-Id; without one, the same body is the same event.
      const eventId =
        eventIdHeader && EVENT_ID.test(eventIdHeader)
          ? eventIdHeader
          : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;

      const name = event.kind === 'other' ? event.name : event.kind;

      const outcome = await transaction(async (tx): Promise<WebhookAnswer & { refundRowId?: string }> => {
        const payments = tx.payments;
        if (!(await payments.claimWebhookEvent(eventId, name, now()))) return { status: 'duplicate' };
        if (event.kind === 'other') return { status: 'ignored' };
        if (event.kind === 'refund.processed') {
          return { status: (await settleRefunded(tx, event.refund)) ? 'processed' : 'ignored' };
        }
        const found = await payments.findByProviderOrderId(event.payment.order_id);
        // An order of another shop on the same provider account, or one never opened here.
        if (!found) return { status: 'ignored' };
        if (event.kind === 'payment.failed') {
          return { status: (await settleFailed(tx, found, event.payment.id)) ? 'processed' : 'ignored' };
        }
        const settlement = await settleCaptured(
          tx,
          found,
          event.payment.id,
          { actor: 'system', actorUserId: null },
          { amountPaise: event.payment.amount, currency: event.payment.currency },
        );
        if (settlement.kind === 'ignored' || settlement.kind === 'elsewhere') return { status: 'ignored' };
        return {
          status: 'processed',
          refundRowId: settlement.kind === 'refunding' ? settlement.refundRowId : undefined,
        };
      });
      if (outcome.refundRowId) await refunder.refund(outcome.refundRowId);
      return { status: outcome.status };
    },
  };
}

export type SettlePaymentFlow = ReturnType<typeof createSettlePaymentFlow>;
