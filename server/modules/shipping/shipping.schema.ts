import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DeliveryStatus } from '../../../common/schemas/order';
import { orders } from '../order/order.schema';

/** The delivery states a shipment records: the last one it moved its order to. */
export type ShipmentStatus = Extract<
  DeliveryStatus,
  'Processing' | 'Shipped' | 'Out for Delivery' | 'Delivered' | 'Failed' | 'Cancelled'
>;

/**
 * One courier shipment per order. It is booked in two steps (the courier's shipment id, then the
 * AWB), each stored as soon as the courier answers, so a retry after a failure or a crash goes on
 * from where it stopped. `next_step_at` is when the shipping job acts on it next: book it, retry a
 * failed booking, (local simulator) move it one state on, or cancel a booked shipment of a cancelled
 * order at the courier; null once nothing is left to do.
 */
export const shipments = pgTable(
  'shipments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerShipmentId: text('provider_shipment_id'),
    /** The courier's id of the order it created with the shipment (Shiprocket cancels by it). */
    providerOrderId: text('provider_order_id'),
    awb: text('awb'),
    courier: text('courier'),
    status: text('status').$type<ShipmentStatus>().notNull(),
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    /** Failed courier calls in a row (booking or cancelling), for the back-off; the last error is kept for staff. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the courier confirmed the cancellation of this booked shipment (its order was cancelled). */
    courierCancelledAt: timestamp('courier_cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'shipments_status_check',
      sql`${t.status} in ('Processing', 'Shipped', 'Out for Delivery', 'Delivered', 'Failed', 'Cancelled')`,
    ),
    // Webhooks name the shipment by its AWB.
    uniqueIndex('shipments_provider_awb').on(t.provider, t.awb),
    // The job's query: what is due now.
    index('shipments_next_step_at').on(t.nextStepAt).where(sql`${t.nextStepAt} is not null`),
  ],
);

/**
 * Courier webhooks already handled, by the key of their content: a courier may send the same update
 * again, and the second copy must change nothing. Rows older than a month are deleted by the job.
 */
export const shippingWebhookEvents = pgTable(
  'shipping_webhook_events',
  {
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    awb: text('awb').notNull(),
    courierStatus: text('courier_status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventKey] }),
    index('shipping_webhook_events_received_at').on(t.receivedAt),
  ],
);
