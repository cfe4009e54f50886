import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  DeliveryStatus,
  OrderActor,
  OrderAddress,
  PaymentMode,
  PaymentStatus,
} from '../../../common/schemas/order';
import type { Db } from '../../db/client';
import { idempotencyKeys, orderHistory, orderItems, orders } from './order.schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

/** An order with its lines and history, as the service shapes it. */
export interface FullOrderRow {
  order: OrderRow;
  items: OrderItemRow[];
  history: OrderHistoryRow[];
}

export interface NewOrder {
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

/** The first answer stored under an Idempotency-Key, with the hash of the body that got it. */
export interface StoredAnswer {
  requestHash: string;
  response: unknown;
}

/** A claimed or found Idempotency-Key. */
export type IdempotencyClaim = { kind: 'claimed' } | ({ kind: 'found' } & StoredAnswer);

/** All SQL of the order tables; nothing outside the order module uses it. `db` may be a transaction. */
export function createOrderRepository(db: Db) {
  async function withLines(rows: OrderRow[]): Promise<FullOrderRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, history] = await Promise.all([
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.position)),
      db
        .select()
        .from(orderHistory)
        .where(inArray(orderHistory.orderId, ids))
        .orderBy(asc(orderHistory.at), asc(orderHistory.id)),
    ]);
    return rows.map((order) => ({
      order,
      items: items.filter((item) => item.orderId === order.id),
      history: history.filter((entry) => entry.orderId === order.id),
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

    async insertItems(orderId: string, items: NewOrderItem[]): Promise<void> {
      await db.insert(orderItems).values(items.map((item, position) => ({ ...item, orderId, position })));
    },

    async addHistory(orderId: string, entry: HistoryEntry): Promise<void> {
      await db.insert(orderHistory).values({ orderId, ...entry });
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

    async setStatuses(orderId: string, deliveryStatus: DeliveryStatus, paymentStatus: PaymentStatus) {
      await db.update(orders).set({ deliveryStatus, paymentStatus }).where(eq(orders.id, orderId));
    },

    /** One page of the shopper's orders, newest first, and how many there are. */
    async pageOf(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: FullOrderRow[]; total: number }> {
      const [totalRow] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      return { rows: await withLines(rows), total: totalRow?.total ?? 0 };
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
