import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentProviderName } from '../../../common/schemas/order';

/**
 * Where an online payment stands (docs/decisions/006-payments.md): `created` until the shopper pays,
 * `failed` after a declined attempt (another may follow), `paid`, then `refund_initiated` and
 * `refunded`; `expired` once the unpaid order was deleted. A payment that arrives for an order that
 * is gone or cancelled goes straight to `refund_initiated`.
 */
export const PAYMENT_RECORD_STATUSES = [
  'created',
  'failed',
  'paid',
  'refund_initiated',
  'refunded',
  'expired',
] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/**
 * One row per provider order, written in the same transaction as the order. `order_id` and `user_id`
 * have no foreign keys on purpose: an unpaid order is deleted after 30 minutes, and its payment row
 * must stay so that a payment arriving later is recognised and refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    userId: uuid('user_id').notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerOrderId: text('provider_order_id').notNull().unique('payments_provider_order_id_unique'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<PaymentRecordStatus>().notNull(),
    /** The provider's id of the payment that paid (or is being refunded). */
    paymentId: text('payment_id'),
    /** The provider's id of the refund, once the refund call answered (or its webhook arrived). */
    refundId: text('refund_id'),
    /** How often the refund call was tried; it is retried by a job until it answers. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** When a refund call was last started: a lease, so two workers never call it at once. */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'payments_status_check',
      sql`${t.status} in ('created', 'failed', 'paid', 'refund_initiated', 'refunded', 'expired')`,
    ),
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
    // One provider order per order: placing opens exactly one.
    uniqueIndex('payments_order_id_unique').on(t.orderId),
    uniqueIndex('payments_payment_id_unique')
      .on(t.provider, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // The refund retry job's scan: only the few refunds still waiting for the provider's answer.
    index('payments_refund_due')
      .on(t.refundClaimedAt)
      .where(sql`${t.status} = 'refund_initiated' and ${t.refundId} is null`),
  ],
);

/**
 * Webhook events already handled, by the provider's event id (X-Razorpay-Event-Id), so a redelivered
 * event changes nothing. Written in the same transaction as the event's effect.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_webhook_events_received_at').on(t.receivedAt)],
);
