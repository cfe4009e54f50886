import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  not,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  DeliveryStatus,
  OrderActor,
  OrderAddress,
  PaymentMode,
  PaymentStatus,
  ReturnStatus,
} from '../../../common/schemas/order';
import type { Db } from '../../db/client';
import {
  idempotencyKeys,
  orderHistory,
  orderItems,
  orderRefunds,
  orderReturns,
  orderStaffNotes,
  orders,
} from './order.schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type ReturnRow = typeof orderReturns.$inferSelect;
export type StaffNoteRow = typeof orderStaffNotes.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type NewRefund = Omit<
  typeof orderRefunds.$inferInsert,
  'id' | 'providerRefundId' | 'attempts' | 'claimedAt'
>;

/** Which orders the back office's list shows; every field narrows it. */
export interface StaffOrderFilter {
  status?: DeliveryStatus;
  paymentMode?: PaymentMode;
  /** Orders placed at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  /** The search: this order number, or the orders of these customers. */
  search?: { orderNumber: string; userIds: string[] };
}

/** An order of the staff list with how many units it holds. */
export type StaffOrderListRow = OrderRow & { units: number };

/** A return request with its order's number and owner, for the returns queue. */
export type StaffReturnRow = ReturnRow & { orderNumber: string; userId: string };

/** An order with its lines, history and return request (if any), as the service shapes it. */
export interface FullOrderRow {
  order: OrderRow;
  items: OrderItemRow[];
  history: OrderHistoryRow[];
  returnRequest?: ReturnRow;
}

export interface NewReturn {
  reason: string;
  linePositions: number[];
  status: ReturnStatus;
  requestedAt: Date;
}

/**
 * Which of a shopper's orders a page lists: the archived ones (placed before `placedBefore`, or
 * Failed/Cancelled and placed before `closedPlacedBefore`) or all the others.
 */
export interface ArchiveFilter {
  archived: boolean;
  placedBefore: Date;
  closedPlacedBefore: Date;
}

const CLOSED: DeliveryStatus[] = ['Failed', 'Cancelled'];

function archivedWhere({ placedBefore, closedPlacedBefore }: ArchiveFilter): SQL {
  return or(
    lt(orders.createdAt, placedBefore),
    and(inArray(orders.deliveryStatus, CLOSED), lt(orders.createdAt, closedPlacedBefore)),
  ) as SQL;
}

export interface NewOrder {
  /** Chosen up front when the payment provider must know it before the order is written. */
  id?: string;
  orderNumber: string;
  userId: string;
  address: OrderAddress;
  itemsPricePaise: number;
  shippingPricePaise: number;
  taxPricePaise: number;
  discountPaise: number;
  totalPricePaise: number;
  paymentMode: PaymentMode;
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
  orderNotes: string;
  createdAt: Date;
}

export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId' | 'position'>;

export interface HistoryEntry {
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  actor: OrderActor;
  actorUserId: string | null;
  note: string;
  at: Date;
}

/** An order's two statuses at one point of its history. */
export type OrderStatuses = Pick<HistoryEntry, 'deliveryStatus' | 'paymentStatus'>;

/** A history entry claimed by the order-mail job, with the entry before it (null for the first). */
export interface MailDueEntry {
  id: string;
  orderId: string;
  current: OrderStatuses;
  previous: OrderStatuses | null;
  /** Failed sends of its mail so far. */
  attempts: number;
}

/** The first answer stored under an Idempotency-Key, with the hash of the body that got it. */
export interface StoredAnswer {
  requestHash: string;
  response: unknown;
}

/** A claimed or found Idempotency-Key. */
export type IdempotencyClaim = { kind: 'claimed' } | ({ kind: 'found' } & StoredAnswer);

/** All SQL of the order tables; nothing outside the order module uses it. `db` may be a transaction. */
/**
 * A sale, for the back office's figures (docs/decisions/072): an order paid online, or a cash order
 * that was delivered; either stays a sale if refunded or returned later (the refund is subtracted).
 */
const SOLD = or(
  and(
    eq(orders.paymentMode, 'ONLINE'),
    inArray(orders.paymentStatus, ['Paid', 'Refund Initiated', 'Refunded']),
  ),
  and(
    eq(orders.paymentMode, 'COD'),
    inArray(orders.deliveryStatus, [
      'Delivered',
      'Return Requested',
      'Return Approved',
      'Return Rejected',
      'Returned',
    ]),
  ),
);
/** Refunds are of the whole order today (docs/decisions/050). */
const REFUNDED = inArray(orders.paymentStatus, ['Refund Initiated', 'Refunded']);

/** One day of sales: orders placed that day (in the time zone asked) that count as sales. */
export interface DailySales {
  date: string;
  orders: number;
  grossPaise: number;
  refundedPaise: number;
}

/** A product's units and item revenue in the sales of a period that were not refunded. */
export interface ProductSales {
  productId: string;
  name: string;
  units: number;
  revenuePaise: number;
}

/** The conditions of the staff list's filter (every order when it names none). */
function staffWhere(filter: StaffOrderFilter) {
  return and(
    filter.status ? eq(orders.deliveryStatus, filter.status) : undefined,
    filter.paymentMode ? eq(orders.paymentMode, filter.paymentMode) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
    filter.search
      ? or(
          eq(orders.orderNumber, filter.search.orderNumber),
          filter.search.userIds.length > 0 ? inArray(orders.userId, filter.search.userIds) : undefined,
        )
      : undefined,
  );
}

export function createOrderRepository(db: Db) {
  async function withLines(rows: OrderRow[]): Promise<FullOrderRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    // One after another: `db` may be a transaction, whose one connection cannot run queries side by side.
    const items = await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position));
    const history = await db
      .select()
      .from(orderHistory)
      .where(inArray(orderHistory.orderId, ids))
      .orderBy(asc(orderHistory.at), asc(orderHistory.seq));
    const returns = await db.select().from(orderReturns).where(inArray(orderReturns.orderId, ids));
    return rows.map((order) => ({
      order,
      items: items.filter((item) => item.orderId === order.id),
      history: history.filter((entry) => entry.orderId === order.id),
      returnRequest: returns.find((request) => request.orderId === order.id),
    }));
  }

  /** The committed answer of an earlier request with this key, if any. */
  async function findIdempotencyKey(userId: string, key: string): Promise<StoredAnswer | undefined> {
    const [found] = await db
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return found;
  }

  return {
    /**
     * Claims the shopper's key for this request. If another transaction holds the same key, the insert
     * waits for it to end: after a commit its answer is found, after a rollback the key is claimed here.
     */
    async claimIdempotencyKey(userId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) return { kind: 'claimed' };
      const found = await findIdempotencyKey(userId, key);
      if (!found) throw new Error('idempotency key vanished between insert and select');
      return { kind: 'found', ...found };
    },

    findIdempotencyKey,

    async storeIdempotentAnswer(userId: string, key: string, statusCode: number, response: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, response })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /** Inserts the order unless its number is taken (then undefined: the caller draws another number). */
    async insertOrder(order: NewOrder): Promise<OrderRow | undefined> {
      const [row] = await db
        .insert(orders)
        .values(order)
        .onConflictDoNothing({ target: orders.orderNumber })
        .returning();
      return row;
    },

    /** Inserts the lines in cart order and returns them as stored. */
    async insertItems(orderId: string, items: NewOrderItem[]): Promise<OrderItemRow[]> {
      const rows = await db
        .insert(orderItems)
        .values(items.map((item, position) => ({ ...item, orderId, position })))
        .returning();
      return rows.sort((a, b) => a.position - b.position);
    },

    /**
     * Records a change and returns the entry as stored; its mail is due at once (the order-mail job
     * decides whether it means one).
     */
    async addHistory(orderId: string, entry: HistoryEntry): Promise<OrderHistoryRow> {
      const [row] = await db
        .insert(orderHistory)
        .values({ orderId, ...entry, mailDueAt: entry.at })
        .returning();
      if (!row) throw new Error('the history insert returned no row');
      return row;
    },

    /**
     * Claims up to `limit` history entries whose mail is due at `now`, oldest first, by pushing their
     * due time to `until` (a lease: if the claimer dies, they are due again then). Only the earliest
     * waiting entry of each order is taken, so one order's mails go out in order. FOR UPDATE SKIP
     * LOCKED lets two instances claim at once without waiting for or taking each other's entries.
     */
    async claimMailDue(now: Date, until: Date, limit: number): Promise<MailDueEntry[]> {
      const earlier = alias(orderHistory, 'earlier');
      const due = db
        .select({ id: orderHistory.id })
        .from(orderHistory)
        .where(
          and(
            lte(orderHistory.mailDueAt, now),
            notExists(
              db
                .select({ one: sql`1` })
                .from(earlier)
                .where(
                  and(
                    eq(earlier.orderId, orderHistory.orderId),
                    lt(earlier.seq, orderHistory.seq),
                    isNotNull(earlier.mailDueAt),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(orderHistory.seq))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(orderHistory)
        .set({ mailDueAt: until })
        .where(inArray(orderHistory.id, due))
        .returning();
      claimed.sort((a, b) => a.seq - b.seq);
      const entries: MailDueEntry[] = [];
      for (const entry of claimed) {
        const [previous] = await db
          .select({ deliveryStatus: orderHistory.deliveryStatus, paymentStatus: orderHistory.paymentStatus })
          .from(orderHistory)
          .where(and(eq(orderHistory.orderId, entry.orderId), lt(orderHistory.seq, entry.seq)))
          .orderBy(desc(orderHistory.seq))
          .limit(1);
        entries.push({
          id: entry.id,
          orderId: entry.orderId,
          current: { deliveryStatus: entry.deliveryStatus, paymentStatus: entry.paymentStatus },
          previous: previous ?? null,
          attempts: entry.mailAttempts,
        });
      }
      return entries;
    },

    /** Marks an entry's mail handled (sent, or it needs none): it is never due again. */
    async setMailHandled(entryId: string): Promise<void> {
      await db.update(orderHistory).set({ mailDueAt: null }).where(eq(orderHistory.id, entryId));
    },

    /** Counts a failed send of an entry's mail; it is due again at `retryAt`, or never when null. */
    async countMailFailure(entryId: string, retryAt: Date | null): Promise<void> {
      await db
        .update(orderHistory)
        .set({ mailDueAt: retryAt, mailAttempts: sql`${orderHistory.mailAttempts} + 1` })
        .where(eq(orderHistory.id, entryId));
    },

    /** Any shopper's order with its lines and history, for the system's own work. */
    async findById(orderId: string): Promise<FullOrderRow | undefined> {
      const [full] = await withLines(await db.select().from(orders).where(eq(orders.id, orderId)));
      return full;
    },

    async findOwned(userId: string, orderId: string): Promise<FullOrderRow | undefined> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      const [full] = await withLines(rows);
      return full;
    },

    /** The owner's order row, locked until the transaction ends (cancel reads, checks, then writes). */
    async lockOwned(userId: string, orderId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .for('update');
      return row;
    },

    async lockById(orderId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    async items(orderId: string): Promise<OrderItemRow[]> {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
    },

    /** The ids of every order in a delivery status, oldest first (the shipping job asks for 'Processing'). */
    async idsInDeliveryStatus(status: DeliveryStatus): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.deliveryStatus, status))
        .orderBy(asc(orders.createdAt), asc(orders.id));
      return rows.map((row) => row.id);
    },

    /** True when one of the shopper's orders in one of `statuses` holds the product (reviews ask). */
    async hasProductInStatus(
      userId: string,
      productId: string,
      statuses: readonly DeliveryStatus[],
    ): Promise<boolean> {
      const found = await db
        .select({ orderId: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orderItems.productId, productId),
            inArray(orders.deliveryStatus, [...statuses]),
          ),
        )
        .limit(1);
      return found.length > 0;
    },

    /** True when an order line shows this picture (lines keep the picture of the product as bought). */
    async hasLineWithImage(image: string): Promise<boolean> {
      const found = await db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(eq(orderItems.image, image))
        .limit(1);
      return found.length > 0;
    },

    /** Marks every history entry of the order as needing no mail (imported history: the demo seed). */
    async clearMailDue(orderId: string): Promise<void> {
      await db.update(orderHistory).set({ mailDueAt: null }).where(eq(orderHistory.orderId, orderId));
    },

    /** When the history last recorded 'Delivered', or undefined when it never did. */
    async deliveredAt(orderId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: max(orderHistory.at) })
        .from(orderHistory)
        .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.deliveryStatus, 'Delivered')));
      return row?.at ?? undefined;
    },

    async findReturn(orderId: string): Promise<ReturnRow | undefined> {
      const [row] = await db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
      return row;
    },

    /** Stores the order's return request; undefined when it already has one (the unique order_id). */
    async insertReturn(orderId: string, request: NewReturn): Promise<ReturnRow | undefined> {
      const [row] = await db
        .insert(orderReturns)
        .values({ orderId, ...request, updatedAt: request.requestedAt })
        .onConflictDoNothing({ target: orderReturns.orderId })
        .returning();
      return row;
    },

    async setStatuses(orderId: string, deliveryStatus: DeliveryStatus, paymentStatus: PaymentStatus) {
      await db.update(orders).set({ deliveryStatus, paymentStatus }).where(eq(orders.id, orderId));
    },

    /** Online orders still unpaid and not yet processed that were placed at or before `placedBefore`. */
    async unpaidOnlineIds(placedBefore: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.paymentMode, 'ONLINE'),
            inArray(orders.paymentStatus, ['Pending', 'Failed']),
            eq(orders.deliveryStatus, 'Pending'),
            lte(orders.createdAt, placedBefore),
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Deletes the order; its lines and history go with it (ON DELETE CASCADE). */
    async deleteOrder(orderId: string): Promise<void> {
      await db.delete(orders).where(eq(orders.id, orderId));
    },

    /** Drops Idempotency-Key answers stored before `cutoff`; returns how many. */
    async deleteIdempotencyKeysBefore(cutoff: Date): Promise<number> {
      const deleted = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, cutoff))
        .returning({ key: idempotencyKeys.key });
      return deleted.length;
    },

    /**
     * The sales of orders placed in [from, to), by day in `timeZone` (`YYYY-MM-DD`), days without any
     * left out. Sums are read as float8: exact for whole paise far beyond any shop's takings.
     */
    async dailySales(from: Date, to: Date, timeZone: string): Promise<DailySales[]> {
      return db
        .select({
          date: sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
          orders: count(),
          grossPaise: sql<number>`coalesce(sum(${orders.totalPricePaise}), 0)::float8`,
          refundedPaise: sql<number>`coalesce(sum(${orders.totalPricePaise}) filter (where ${REFUNDED}), 0)::float8`,
        })
        .from(orders)
        .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), SOLD))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },

    /**
     * Units sold in the orders placed in [from, to) that count as sales and were not refunded, and the
     * `limit` products that sold most units (named as their latest order line names them).
     */
    async productSales(
      from: Date,
      to: Date,
      limit: number,
    ): Promise<{ unitsSold: number; topProducts: ProductSales[] }> {
      const where = and(gte(orders.createdAt, from), lt(orders.createdAt, to), SOLD, not(REFUNDED));
      const units = sql<number>`sum(${orderItems.quantity})::int`;
      const revenue = sql<number>`sum(${orderItems.quantity} * ${orderItems.pricePaise})::float8`;
      const [[total], topProducts] = await Promise.all([
        db
          .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(where),
        db
          .select({
            productId: orderItems.productId,
            name: sql<string>`(array_agg(${orderItems.name} order by ${orders.createdAt} desc))[1]`,
            units,
            revenuePaise: revenue,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(where)
          .groupBy(orderItems.productId)
          .orderBy(desc(units), desc(revenue), asc(orderItems.productId))
          .limit(limit),
      ]);
      return { unitsSold: total?.units ?? 0, topProducts };
    },

    async countInDeliveryStatus(status: DeliveryStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.deliveryStatus, status));
      return row?.n ?? 0;
    },

    async countReturnsInStatus(status: ReturnStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orderReturns).where(eq(orderReturns.status, status));
      return row?.n ?? 0;
    },

    /** One page of every shopper's orders for staff, newest first, and how many match. */
    /** One page of the staff list's orders, newest first, each with how many units it holds. */
    async staffPage(filter: StaffOrderFilter, limit: number, offset: number): Promise<StaffOrderListRow[]> {
      const rows = await db
        .select({
          order: orders,
          units: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
        })
        .from(orders)
        .where(staffWhere(filter))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ order, units }) => ({ ...order, units }));
    },

    /**
     * How many orders the staff list's filter matches; with `atMost`, counting stops past it (the
     * answer is then `atMost + 1`), which costs a few rows instead of every order.
     */
    async staffCount(filter: StaffOrderFilter, atMost?: number): Promise<number> {
      const matching = db.select({ one: sql`1` }).from(orders).where(staffWhere(filter));
      const counted = atMost === undefined ? matching : matching.limit(atMost + 1);
      const [row] = await db.select({ total: count() }).from(counted.as('matching'));
      return row?.total ?? 0;
    },

    /** One shopper's orders, newest first, every status (the back office's customer page). */
    async ofUser(userId: string, limit: number): Promise<FullOrderRow[]> {
      return withLines(
        await db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit),
      );
    },

    /** What the shopper's sales came to, less the refunds of them, in paise (float8: exact for whole paise). */
    async lifetimePaise(userId: string): Promise<number> {
      const [row] = await db
        .select({
          paise: sql<number>`coalesce(sum(${orders.totalPricePaise}) filter (where not ${REFUNDED}), 0)::float8
            - coalesce((select sum(${orderRefunds.amountPaise}) from ${orderRefunds} where ${orderRefunds.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId} and not ${REFUNDED})), 0)::float8`,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), SOLD));
      return Math.max(0, row?.paise ?? 0);
    },

    async staffNotes(orderId: string): Promise<StaffNoteRow[]> {
      return db
        .select()
        .from(orderStaffNotes)
        .where(eq(orderStaffNotes.orderId, orderId))
        .orderBy(asc(orderStaffNotes.at), asc(orderStaffNotes.id));
    },

    async insertStaffNote(note: Omit<StaffNoteRow, 'id'>): Promise<void> {
      await db.insert(orderStaffNotes).values(note);
    },

    async refunds(orderId: string): Promise<RefundRow[]> {
      return db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.at), asc(orderRefunds.id));
    },

    async insertRefund(refund: NewRefund): Promise<RefundRow> {
      const [row] = await db.insert(orderRefunds).values(refund).returning();
      if (!row) throw new Error('the refund insert returned no row');
      return row;
    },

    /**
     * Takes the lease on a staff refund that still waits for the provider (a payment to refund, no
     * refund id yet, no lease newer than `expiredBefore`), counting the attempt; undefined otherwise.
     */
    async claimRefund(refundId: string, at: Date, expiredBefore: Date): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(orderRefunds)
        .set({ claimedAt: at, attempts: sql`${orderRefunds.attempts} + 1` })
        .where(
          and(
            eq(orderRefunds.id, refundId),
            isNotNull(orderRefunds.paymentId),
            isNull(orderRefunds.providerRefundId),
            or(isNull(orderRefunds.claimedAt), lte(orderRefunds.claimedAt, expiredBefore)),
          ),
        )
        .returning();
      return row;
    },

    /** Staff refunds whose provider call never answered, and whose lease has run out, oldest first. */
    async refundsDue(expiredBefore: Date, maxAttempts: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(
          and(
            isNotNull(orderRefunds.paymentId),
            isNull(orderRefunds.providerRefundId),
            lt(orderRefunds.attempts, maxAttempts),
            or(isNull(orderRefunds.claimedAt), lte(orderRefunds.claimedAt, expiredBefore)),
          ),
        )
        .orderBy(asc(orderRefunds.at))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async setProviderRefundId(refundId: string, providerRefundId: string): Promise<void> {
      await db.update(orderRefunds).set({ providerRefundId }).where(eq(orderRefunds.id, refundId));
    },

    async updateReturn(orderId: string, changes: Partial<Omit<ReturnRow, 'id' | 'orderId'>>): Promise<void> {
      await db.update(orderReturns).set(changes).where(eq(orderReturns.orderId, orderId));
    },

    /** One page of return requests, oldest first (the longest waiting on top), and how many match. */
    async returnsPage(
      status: ReturnStatus | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: StaffReturnRow[]; total: number }> {
      const where = status ? eq(orderReturns.status, status) : undefined;
      const [totalRow] = await db.select({ total: count() }).from(orderReturns).where(where);
      const rows = await db
        .select({ request: orderReturns, orderNumber: orders.orderNumber, userId: orders.userId })
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .where(where)
        .orderBy(asc(orderReturns.requestedAt), asc(orderReturns.id))
        .limit(limit)
        .offset(offset);
      return {
        rows: rows.map(({ request, orderNumber, userId }) => ({ ...request, orderNumber, userId })),
        total: totalRow?.total ?? 0,
      };
    },

    /** One page of the shopper's archived or current orders, newest first, and how many there are. */
    async pageOf(
      userId: string,
      limit: number,
      offset: number,
      filter: ArchiveFilter,
    ): Promise<{ rows: FullOrderRow[]; total: number }> {
      const archived = archivedWhere(filter);
      const where = and(eq(orders.userId, userId), filter.archived ? archived : not(archived));
      const [totalRow] = await db.select({ total: count() }).from(orders).where(where);
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      return { rows: await withLines(rows), total: totalRow?.total ?? 0 };
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
