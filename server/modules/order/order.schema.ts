import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DeliveryStatus,
  OrderActor,
  OrderAddress,
  PaymentMode,
  PaymentStatus,
  ReturnStatus,
} from '../../../common/schemas/order';
import { users } from '../users/users.schema';

/** Money is integer paise; bigint so a large order cannot overflow (read back as a JS number). */
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * Orders. The address is a snapshot taken at placing, so editing or deleting an address later never
 * changes where an order went. The owner is a foreign key without cascade: closed accounts keep
 * their row (users.schema.ts), so orders stay for the books.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Readable number shown to the shopper and on the phone, e.g. PNV-2611-7K3Q9. */
    orderNumber: text('order_number').notNull().unique('orders_order_number_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    itemsPricePaise: paise('items_price_paise'),
    shippingPricePaise: paise('shipping_price_paise'),
    taxPricePaise: paise('tax_price_paise'),
    discountPaise: paise('discount_paise'),
    totalPricePaise: paise('total_price_paise'),
    paymentMode: text('payment_mode').$type<PaymentMode>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull(),
    orderNotes: text('order_notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('orders_payment_mode_check', sql`${t.paymentMode} in ('COD', 'ONLINE')`),
    check(
      'orders_money_not_negative',
      sql`${t.itemsPricePaise} >= 0 and ${t.shippingPricePaise} >= 0 and ${t.taxPricePaise} >= 0 and ${t.discountPaise} >= 0 and ${t.totalPricePaise} >= 0`,
    ),
    check(
      'orders_total_adds_up',
      sql`${t.totalPricePaise} = ${t.itemsPricePaise} + ${t.shippingPricePaise} + ${t.taxPricePaise} - ${t.discountPaise}`,
    ),
    // Each descending key sorts nulls first, as `ORDER BY … DESC` does: PostgreSQL reads an index for
    // an order only when the null placement matches too (these columns hold none, but it still checks).
    // My Orders: one shopper's orders, newest first.
    index('orders_user_created').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The back office's order list, newest first, whole or by delivery status (100,000 orders and more).
    index('orders_created').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_created').on(
      t.deliveryStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The lines of an order, with name, image, price and refundability as they were when it was placed.
 * product_id has no foreign key on purpose: a product may leave the catalog, its orders stay.
 */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    isRefundable: boolean('is_refundable').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_price_positive', sql`${t.pricePaise} > 0`),
  ],
);

/** Every change of an order's statuses, with its time and who made it (DESIGN.md §6). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    /** The user who acted, when a person did (customer or staff); null for the system. */
    actorUserId: uuid('actor_user_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /**
     * Insertion order: two changes may carry the same `at` (one clock reading), and the order-mail job
     * compares each entry with the one before it in this order (server/modules/order-mail).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /**
     * The transactional outbox of the order mails (docs/decisions/009): set when the entry is written,
     * pushed forward while the mail job holds it, cleared once its mail went out (or it needs none).
     * Entries from before the feature have null, so they never send a mail.
     */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    /** Failed sends of the entry's mail: spaces the retries out and bounds them (order-mail.service.ts). */
    mailAttempts: integer('mail_attempts').notNull().default(0),
  },
  (t) => [
    check('order_history_actor_check', sql`${t.actor} in ('customer', 'admin', 'system')`),
    index('order_history_order_at').on(t.orderId, t.at),
    // Only the few entries still waiting for their mail: the job's scan and its per-order ordering check.
    index('order_history_mail_due').on(t.orderId, t.seq).where(sql`${t.mailDueAt} is not null`),
  ],
);

/**
 * Idempotency-Key of POST /api/order, per shopper. The primary key makes a second request with the
 * same key wait for the first one's transaction and then find its stored answer (one order, never two).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the validated request body, so the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /**
     * The first answer. The key is claimed at the start of the placing transaction and the answer
     * filled in before it commits, so no other transaction ever sees these null.
     */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at').on(t.createdAt)],
);

/**
 * Return requests (DESIGN.md §6). One per order, enforced by the unique order_id, so two requests
 * sent at once can never both be stored. The lines asked for are positions of order_items, which never
 * change once the order is placed.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' })
      .unique('order_returns_order_id_unique'),
    reason: text('reason').notNull(),
    linePositions: integer('line_positions').array().notNull(),
    status: text('status').$type<ReturnStatus>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When staff approved it: the refund is promised within 5 business days of it (SPEC.md §9). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Why staff rejected it, shown to the shopper in the order's history too. */
    rejectNote: text('reject_note'),
  },
  (t) => [
    check(
      'order_returns_status_check',
      sql`${t.status} in ('Requested', 'Approved', 'Rejected', 'Returned')`,
    ),
    check('order_returns_lines_not_empty', sql`cardinality(${t.linePositions}) > 0`),
    // The returns queue, by status.
    index('order_returns_status_requested').on(t.status, t.requestedAt),
  ],
);

/** Notes staff keep on an order; the shopper never sees them. */
export const orderStaffNotes = pgTable(
  'order_staff_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    /** Kept as written: the author's email may change or be erased later, the note says who wrote it. */
    authorEmail: text('author_email').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_staff_notes_order_at').on(t.orderId, t.at)],
);

/**
 * Money staff gave back on an order, one row per refund (partial ones too), so what is left to refund
 * is what was paid less their sum. An online one carries the provider's refund id once it answered;
 * cash collected on delivery is given back by hand, so its rows never get one.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: paise('amount_paise'),
    reason: text('reason').notNull(),
    actorUserId: uuid('actor_user_id').notNull(),
    /** The provider's payment it refunds; null for cash on delivery. */
    paymentId: text('payment_id'),
    providerRefundId: text('provider_refund_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** How often the provider's refund was called; a job calls it again until it answers. */
    attempts: integer('attempts').notNull().default(0),
    /** When a call was last started: a lease, so the request and the job never both call. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    check('order_refunds_amount_positive', sql`${t.amountPaise} > 0`),
    index('order_refunds_order').on(t.orderId),
  ],
);
