import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PaymentProviderName } from '../../../common/schemas/order';
import type { Db } from '../../db/client';
import { type PaymentRecordStatus, payments, paymentWebhookEvents } from './payments.schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'refundAttempts' | 'refundClaimedAt'>;

/** The fields a status change may set; `updatedAt` always. */
export type PaymentChange = Partial<Pick<PaymentRow, 'status' | 'paymentId' | 'refundId'>> & {
  updatedAt: Date;
};

/** All SQL of the payment tables; nothing outside the payments module uses it. `db` may be a transaction. */
export function createPaymentsRepository(db: Db) {
  return {
    async insert(payment: NewPayment): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(payment).returning();
      if (!row) throw new Error('payment insert returned nothing');
      return row;
    },

    async findByProviderOrderId(providerOrderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
      return row;
    },

    async findByPaymentId(provider: PaymentProviderName, paymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.paymentId, paymentId)));
      return row;
    },

    async findByOrderId(orderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      return row;
    },

    /** The row, locked until the transaction ends. */
    async lock(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    async update(id: string, change: PaymentChange): Promise<void> {
      await db.update(payments).set(change).where(eq(payments.id, id));
    },

    async setStatusByOrderId(orderId: string, status: PaymentRecordStatus, at: Date): Promise<void> {
      await db.update(payments).set({ status, updatedAt: at }).where(eq(payments.orderId, orderId));
    },

    /**
     * Takes the lease on a refund still waiting for the provider: only one caller gets the row back
     * (the conditional UPDATE serialises them), and a lease older than `expiredBefore` may be retaken.
     */
    async claimRefund(id: string, at: Date, expiredBefore: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ refundClaimedAt: at, refundAttempts: sql`${payments.refundAttempts} + 1` })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'refund_initiated'),
            isNull(payments.refundId),
            or(isNull(payments.refundClaimedAt), lte(payments.refundClaimedAt, expiredBefore)),
          ),
        )
        .returning();
      return row;
    },

    /** Records the refund id unless one is there already (the refund webhook may have come first). */
    async recordRefundId(id: string, refundId: string, at: Date): Promise<void> {
      await db
        .update(payments)
        .set({ refundId, updatedAt: at })
        .where(and(eq(payments.id, id), isNull(payments.refundId)));
    },

    /** Refunds whose call never answered: unclaimed, or claimed before `expiredBefore`. Oldest first. */
    async refundsDue(expiredBefore: Date, maxAttempts: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'refund_initiated'),
            isNull(payments.refundId),
            lt(payments.refundAttempts, maxAttempts),
            or(isNull(payments.refundClaimedAt), lte(payments.refundClaimedAt, expiredBefore)),
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Records a webhook event id; false when it was recorded before (a redelivery). */
    async insertWebhookEvent(eventId: string, event: string, at: Date): Promise<boolean> {
      const inserted = await db
        .insert(paymentWebhookEvents)
        .values({ eventId, event, receivedAt: at })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return inserted.length > 0;
    },

    async deleteWebhookEventsBefore(cutoff: Date): Promise<number> {
      const deleted = await db
        .delete(paymentWebhookEvents)
        .where(lt(paymentWebhookEvents.receivedAt, cutoff))
        .returning({ eventId: paymentWebhookEvents.eventId });
      return deleted.length;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
