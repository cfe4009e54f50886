import { MAX_REFUND_ATTEMPTS, REFUND_LEASE_MS } from '../../../common/constants';
import type { PaymentProviderName } from '../../../common/schemas/order';
import type { Db } from '../../db/client';
import { createPaymentsRepository, type NewPayment, type PaymentRow } from './payments.repository';
import type { PaymentRecordStatus } from './payments.schema';

export type { PaymentRow } from './payments.repository';
export type { PaymentRecordStatus } from './payments.schema';

/** States a captured payment may still be accepted from: nothing has been paid yet. */
const UNPAID: readonly PaymentRecordStatus[] = ['created', 'failed'];

/**
 * The payment records: one per provider order. Every change moves forward only (created/failed →
 * paid → refund_initiated → refunded), so a late or repeated event can never undo a later state.
 * The changing methods expect the row locked by the caller's transaction and answer whether they
 * changed it.
 */
export function createPaymentsService(db: Db) {
  const repository = createPaymentsRepository(db);

  /** Locks the row by id and returns it as it is now (another transaction may have changed it). */
  async function relock(row: PaymentRow | undefined): Promise<PaymentRow | undefined> {
    return row ? repository.lock(row.id) : undefined;
  }

  return {
    record(payment: NewPayment): Promise<PaymentRow> {
      return repository.insert(payment);
    },

    findByProviderOrderId: (providerOrderId: string) => repository.findByProviderOrderId(providerOrderId),

    /** The order's payment row as it is now, without a lock; undefined for a COD order. */
    findByOrderId: (orderId: string) => repository.findByOrderId(orderId),

    /** True while the row can still be paid: nothing captured yet (created, or a declined attempt). */
    payable: (row: PaymentRow) => UNPAID.includes(row.status),

    findByPaymentId: (provider: PaymentProviderName, paymentId: string) =>
      repository.findByPaymentId(provider, paymentId),

    /** The order's payment row, locked for the rest of the transaction; undefined for a COD order. */
    async lockForOrder(orderId: string): Promise<PaymentRow | undefined> {
      return relock(await repository.findByOrderId(orderId));
    },

    async lockByProviderOrderId(providerOrderId: string): Promise<PaymentRow | undefined> {
      return relock(await repository.findByProviderOrderId(providerOrderId));
    },

    async lockByPaymentId(provider: PaymentProviderName, paymentId: string): Promise<PaymentRow | undefined> {
      return relock(await repository.findByPaymentId(provider, paymentId));
    },

    /** created/failed → paid by this payment. */
    async markPaid(row: PaymentRow, paymentId: string, at: Date): Promise<boolean> {
      if (!UNPAID.includes(row.status)) return false;
      await repository.update(row.id, { status: 'paid', paymentId, updatedAt: at });
      return true;
    },

    /** created → failed: a declined attempt; the shopper may try again until the order expires. */
    async markFailed(row: PaymentRow, at: Date): Promise<boolean> {
      if (row.status !== 'created') return false;
      await repository.update(row.id, { status: 'failed', updatedAt: at });
      return true;
    },

    /**
     * → refund_initiated: a paid order was cancelled (paid → refund_initiated), or a payment arrived
     * for an order that can no longer be filled (created/failed/expired → refund_initiated by it).
     */
    async markRefundInitiated(row: PaymentRow, paymentId: string, at: Date): Promise<boolean> {
      const paidByIt = row.status === 'paid' && row.paymentId === paymentId;
      if (!paidByIt && !UNPAID.includes(row.status) && row.status !== 'expired') return false;
      await repository.update(row.id, { status: 'refund_initiated', paymentId, updatedAt: at });
      return true;
    },

    /** paid/refund_initiated → refunded: the provider says the money went back. */
    async markRefunded(row: PaymentRow, refundId: string, at: Date): Promise<boolean> {
      if (row.status !== 'paid' && row.status !== 'refund_initiated') return false;
      await repository.update(row.id, {
        status: 'refunded',
        refundId: row.refundId ?? refundId,
        updatedAt: at,
      });
      return true;
    },

    /** The unpaid order was deleted; its row stays so a late payment is recognised and refunded. */
    markExpired(orderId: string, at: Date): Promise<void> {
      return repository.setStatusByOrderId(orderId, 'expired', at);
    },

    /** Takes the lease on a waiting refund; undefined when it is done or another worker holds it. */
    claimRefund(id: string, at: Date): Promise<PaymentRow | undefined> {
      return repository.claimRefund(id, at, new Date(at.getTime() - REFUND_LEASE_MS));
    },

    recordRefundId(id: string, refundId: string, at: Date): Promise<void> {
      return repository.recordRefundId(id, refundId, at);
    },

    /** Refunds whose provider call has not answered (never made, failed, or its lease ran out). */
    refundsDue(at: Date, limit = 50): Promise<string[]> {
      return repository.refundsDue(new Date(at.getTime() - REFUND_LEASE_MS), MAX_REFUND_ATTEMPTS, limit);
    },

    /** Records a webhook event id; false for a redelivered event. */
    claimWebhookEvent(eventId: string, event: string, at: Date): Promise<boolean> {
      return repository.insertWebhookEvent(eventId, event, at);
    },

    cleanUpWebhookEvents(before: Date): Promise<number> {
      return repository.deleteWebhookEventsBefore(before);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
