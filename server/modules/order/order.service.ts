import { toRupees } from '../../../common/money';
import {
  MY_ORDERS_PAGE_SIZE,
  type MyOrders,
  ORDER_MESSAGES,
  type Order,
} from '../../../common/schemas/order';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import {
  createOrderRepository,
  type FullOrderRow,
  type HistoryEntry,
  type IdempotencyClaim,
  type NewOrder,
  type NewOrderItem,
  type OrderItemRow,
  type OrderRow,
  type StoredAnswer,
} from './order.repository';
import { newOrderNumber } from './order-number';

export type {
  HistoryEntry,
  IdempotencyClaim,
  NewOrderItem,
  OrderItemRow,
  OrderRow,
  StoredAnswer,
} from './order.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How often a new order number is drawn when the first is taken, before giving up (practically never). */
const ORDER_NUMBER_ATTEMPTS = 8;

/** The API shape of an order (DESIGN.md §5): `_id`, rupees, ISO timestamps. */
export function orderOf({ order, items, history }: FullOrderRow): Order {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    orderTimestamp: order.createdAt.toISOString(),
    items: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      price: toRupees(item.pricePaise),
      selectedColor: item.color,
      selectedSize: item.size,
      isRefundable: item.isRefundable,
    })),
    itemsPrice: toRupees(order.itemsPricePaise),
    shippingPrice: toRupees(order.shippingPricePaise),
    taxPrice: toRupees(order.taxPricePaise),
    discount: toRupees(order.discountPaise),
    totalPrice: toRupees(order.totalPricePaise),
    paymentMode: order.paymentMode,
    paymentStatus: order.paymentStatus,
    deliveryStatus: order.deliveryStatus,
    address: order.address,
    orderNotes: order.orderNotes,
    history: history.map((entry) => ({
      at: entry.at.toISOString(),
      deliveryStatus: entry.deliveryStatus,
      paymentStatus: entry.paymentStatus,
      actor: entry.actor,
      note: entry.note,
    })),
  };
}

/**
 * The order use cases. Reads are scoped to the owner: another shopper's order id answers 404 like an
 * unknown one. The writing methods are for flows (place, cancel), which build this service on their
 * transaction so the order changes together with the stock.
 */
export function createOrderService(db: Db) {
  const repository = createOrderRepository(db);

  async function getOwned(userId: string, orderId: string): Promise<Order> {
    const full = UUID.test(orderId) ? await repository.findOwned(userId, orderId.toLowerCase()) : undefined;
    if (!full) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return orderOf(full);
  }

  return {
    getOwned,

    /** The shopper's orders, newest first, MY_ORDERS_PAGE_SIZE a page. */
    async myOrders(userId: string, page: number): Promise<MyOrders> {
      const { rows, total } = await repository.pageOf(
        userId,
        MY_ORDERS_PAGE_SIZE,
        (page - 1) * MY_ORDERS_PAGE_SIZE,
      );
      return { orders: rows.map(orderOf), page, pages: Math.ceil(total / MY_ORDERS_PAGE_SIZE) };
    },

    claimIdempotencyKey(userId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
      return repository.claimIdempotencyKey(userId, key, requestHash);
    },

    findIdempotencyKey(userId: string, key: string): Promise<StoredAnswer | undefined> {
      return repository.findIdempotencyKey(userId, key);
    },

    storeIdempotentAnswer(userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
      return repository.storeIdempotentAnswer(userId, key, statusCode, response);
    },

    /** Writes an order with its lines and first history entry, under a fresh readable number. */
    async create(
      order: Omit<NewOrder, 'orderNumber'>,
      items: NewOrderItem[],
      first: Omit<HistoryEntry, 'deliveryStatus' | 'paymentStatus' | 'at'>,
    ): Promise<Order> {
      for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
        const row = await repository.insertOrder({ ...order, orderNumber: newOrderNumber(order.createdAt) });
        if (!row) continue;
        await repository.insertItems(row.id, items);
        await repository.addHistory(row.id, {
          ...first,
          deliveryStatus: row.deliveryStatus,
          paymentStatus: row.paymentStatus,
          at: row.createdAt,
        });
        return getOwned(order.userId, row.id);
      }
      throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
    },

    /** The owner's order, locked for the rest of the transaction; undefined for others' and unknown ids. */
    async lockOwned(userId: string, orderId: string): Promise<OrderRow | undefined> {
      return UUID.test(orderId) ? repository.lockOwned(userId, orderId.toLowerCase()) : undefined;
    },

    /**
     * Any shopper's order, locked for the rest of the transaction: for the system (payments, courier,
     * scheduled jobs), never for a shopper's request. Undefined for an unknown id.
     */
    async lockById(orderId: string): Promise<OrderRow | undefined> {
      return UUID.test(orderId) ? repository.lockById(orderId.toLowerCase()) : undefined;
    },

    items(orderId: string): Promise<OrderItemRow[]> {
      return repository.items(orderId);
    },

    /** Changes the statuses and records the change in the history. */
    async changeStatus(orderId: string, entry: HistoryEntry): Promise<void> {
      await repository.setStatuses(orderId, entry.deliveryStatus, entry.paymentStatus);
      await repository.addHistory(orderId, entry);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
