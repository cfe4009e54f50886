import {
  ARCHIVE_AFTER_MS,
  ARCHIVE_FAILED_AFTER_MS,
  MAX_REFUND_ATTEMPTS,
  REFUND_LEASE_MS,
} from '../../../common/constants';
import { toRupees } from '../../../common/money';
import {
  ARCHIVED_ORDERS_PAGE_SIZE,
  type ArchivedOrder,
  type ArchivedOrders,
  type DeliveryStatus,
  MY_ORDERS_PAGE_SIZE,
  type MyOrders,
  ORDER_MESSAGES,
  type Order,
  type OrderItem,
  type ReturnRequest,
  type ReturnStatus,
} from '../../../common/schemas/order';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../errors';
import {
  createOrderRepository,
  type FullOrderRow,
  type HistoryEntry,
  type IdempotencyClaim,
  type MailDueEntry,
  type NewOrder,
  type NewOrderItem,
  type NewRefund,
  type NewReturn,
  type OrderItemRow,
  type OrderRow,
  type RefundRow,
  type ReturnRow,
  type StaffNoteRow,
  type StaffOrderFilter,
  type StoredAnswer,
} from './order.repository';
import { newOrderNumber } from './order-number';

export type {
  HistoryEntry,
  IdempotencyClaim,
  MailDueEntry,
  NewOrderItem,
  NewReturn,
  OrderItemRow,
  OrderRow,
  OrderStatuses,
  RefundRow,
  ReturnRow,
  StaffNoteRow,
  StaffOrderFilter,
  StaffOrderListRow,
  StaffReturnRow,
  StoredAnswer,
} from './order.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How often a new order number is drawn when the first is taken, before giving up (practically never). */
const ORDER_NUMBER_ATTEMPTS = 8;

function itemOf(item: OrderItemRow): OrderItem {
  return {
    productId: item.productId,
    name: item.name,
    image: item.image,
    quantity: item.quantity,
    price: toRupees(item.pricePaise),
    selectedColor: item.color,
    selectedSize: item.size,
    isRefundable: item.isRefundable,
  };
}

/** The API shape of a return request, with the order lines it names. */
function returnRequestOf(request: ReturnRow, items: OrderItemRow[]): ReturnRequest {
  return {
    _id: request.id,
    status: request.status,
    reason: request.reason,
    items: items.filter((item) => request.linePositions.includes(item.position)).map(itemOf),
    requestedAt: request.requestedAt.toISOString(),
  };
}

/** The API shape of an order (DESIGN.md §5): `_id`, rupees, ISO timestamps. */
export function orderOf({ order, items, history, returnRequest }: FullOrderRow): Order {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    orderTimestamp: order.createdAt.toISOString(),
    items: items.map(itemOf),
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
    ...(returnRequest ? { returnRequest: returnRequestOf(returnRequest, items) } : {}),
  };
}

/** An archived order: only the fields the archive shows (SPEC.md §3). */
function archivedOrderOf({ order, items }: FullOrderRow): ArchivedOrder {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    orderTimestamp: order.createdAt.toISOString(),
    deliveryStatus: order.deliveryStatus,
    paymentStatus: order.paymentStatus,
    totalPrice: toRupees(order.totalPricePaise),
    items: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      price: toRupees(item.pricePaise),
      selectedColor: item.color,
      selectedSize: item.size,
    })),
  };
}

/**
 * SPEC.md §9: archived are orders placed more than 60 days before `at`, and Failed or Cancelled ones
 * placed more than 3 days before it. Age counts from placing (docs/decisions/008), so an order never
 * leaves My Orders sooner because it changed status late.
 */
function archiveFilter(archived: boolean, at: Date) {
  return {
    archived,
    placedBefore: new Date(at.getTime() - ARCHIVE_AFTER_MS),
    closedPlacedBefore: new Date(at.getTime() - ARCHIVE_FAILED_AFTER_MS),
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

    /**
     * The back office's sales figures of orders placed in [from, to) (docs/decisions/072): per day in
     * `timeZone`, units sold and the `top` best-selling products. Money in paise.
     */
    async salesBetween(from: Date, to: Date, { timeZone, top }: { timeZone: string; top: number }) {
      const [days, products] = await Promise.all([
        repository.dailySales(from, to, timeZone),
        repository.productSales(from, to, top),
      ]);
      return { days, ...products };
    },

    /** Orders in a delivery status now, such as Processing (to ship). */
    countInDeliveryStatus(status: DeliveryStatus): Promise<number> {
      return repository.countInDeliveryStatus(status);
    },

    /** Return requests in a status now, such as Requested (waiting for a decision). */
    countReturnsInStatus(status: ReturnStatus): Promise<number> {
      return repository.countReturnsInStatus(status);
    },

    /** The shopper's orders that are not archived at `at`, newest first, MY_ORDERS_PAGE_SIZE a page. */
    async myOrders(userId: string, page: number, at: Date): Promise<MyOrders> {
      const { rows, total } = await repository.pageOf(
        userId,
        MY_ORDERS_PAGE_SIZE,
        (page - 1) * MY_ORDERS_PAGE_SIZE,
        archiveFilter(false, at),
      );
      return { orders: rows.map(orderOf), page, pages: Math.ceil(total / MY_ORDERS_PAGE_SIZE) };
    },

    /** The shopper's orders archived at `at`, newest first, ARCHIVED_ORDERS_PAGE_SIZE a page. */
    async archivedOrders(userId: string, page: number, at: Date): Promise<ArchivedOrders> {
      const { rows, total } = await repository.pageOf(
        userId,
        ARCHIVED_ORDERS_PAGE_SIZE,
        (page - 1) * ARCHIVED_ORDERS_PAGE_SIZE,
        archiveFilter(true, at),
      );
      return { orders: rows.map(archivedOrderOf), pages: Math.ceil(total / ARCHIVED_ORDERS_PAGE_SIZE) };
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

    /**
     * Writes an order with its lines and first history entry, under a fresh readable number, and
     * answers it shaped from the rows the inserts returned: reading it back would cost four more
     * statements inside the caller's transaction.
     */
    async create(
      { orderNumber: wanted, ...order }: Omit<NewOrder, 'orderNumber'> & { orderNumber?: string },
      items: NewOrderItem[],
      first: Omit<HistoryEntry, 'deliveryStatus' | 'paymentStatus' | 'at'>,
    ): Promise<Order> {
      for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
        // A number drawn earlier (one the payment provider already knows) is tried first.
        const orderNumber = attempt === 0 && wanted ? wanted : newOrderNumber(order.createdAt);
        const row = await repository.insertOrder({ ...order, orderNumber });
        if (!row) continue;
        const lines = await repository.insertItems(row.id, items);
        const placed = await repository.addHistory(row.id, {
          ...first,
          deliveryStatus: row.deliveryStatus,
          paymentStatus: row.paymentStatus,
          at: row.createdAt,
        });
        return orderOf({ order: row, items: lines, history: [placed] });
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

    /** The ids of every order in a delivery status, oldest first: for the system's jobs (shipping). */
    idsInDeliveryStatus(status: OrderRow['deliveryStatus']): Promise<string[]> {
      return repository.idsInDeliveryStatus(status);
    },

    /**
     * True when the shopper has an order of the product in one of `statuses` (a review needs one that
     * was delivered); a malformed product id names no product.
     */
    async hasProductInStatus(
      userId: string,
      productId: string,
      statuses: readonly OrderRow['deliveryStatus'][],
    ): Promise<boolean> {
      if (!UUID.test(productId)) return false;
      return repository.hasProductInStatus(userId, productId.toLowerCase(), statuses);
    },

    /** True when an order shows this product picture: its file must outlive the product's use of it. */
    showsImage(image: string): Promise<boolean> {
      return repository.hasLineWithImage(image);
    },

    /** Any shopper's order and its owner, for the system's own work (mails); undefined when gone. */
    async getById(orderId: string): Promise<{ order: Order; userId: string } | undefined> {
      const full = await repository.findById(orderId);
      return full && { order: orderOf(full), userId: full.order.userId };
    },

    /** The order-mail outbox (docs/decisions/009): history entries whose mail is due, claimed. */
    claimMailDue(now: Date, until: Date, limit: number): Promise<MailDueEntry[]> {
      return repository.claimMailDue(now, until, limit);
    },

    /** The entry's mail went out, or it needs none: never again. */
    mailHandled(entryId: string): Promise<void> {
      return repository.setMailHandled(entryId);
    },

    /** The entry's mail could not be sent: one more failed attempt, due again at `retryAt` (null: given up). */
    mailFailed(entryId: string, retryAt: Date | null): Promise<void> {
      return repository.countMailFailure(entryId, retryAt);
    },

    /** History written after the fact (the demo seed) is not news: none of its entries sends a mail. */
    settleHistoryMail(orderId: string): Promise<void> {
      return repository.clearMailDue(orderId);
    },

    /** When the order was delivered (its history's last 'Delivered'), or undefined if it never was. */
    deliveredAt(orderId: string): Promise<Date | undefined> {
      return repository.deliveredAt(orderId);
    },

    /** The order's return request, if it has one. */
    findReturn(orderId: string): Promise<ReturnRow | undefined> {
      return repository.findReturn(orderId);
    },

    /** Stores the order's one return request; undefined when it already has one. */
    createReturn(orderId: string, request: NewReturn): Promise<ReturnRow | undefined> {
      return repository.insertReturn(orderId, request);
    },

    /**
     * Online orders still unpaid (payment Pending or Failed, delivery Pending) placed at or before
     * `placedBefore`, oldest first: the unpaid-order expiry job's candidates.
     */
    unpaidOnlineOrderIds(placedBefore: Date, limit: number): Promise<string[]> {
      return repository.unpaidOnlineIds(placedBefore, limit);
    },

    /** Deletes an order with its lines and history (an unpaid online order past its 30 minutes). */
    deleteOrder(orderId: string): Promise<void> {
      return repository.deleteOrder(orderId);
    },

    /** Drops Idempotency-Key answers stored before `cutoff`: a retry comes within minutes, not days. */
    cleanUpIdempotencyKeys(cutoff: Date): Promise<number> {
      return repository.deleteIdempotencyKeysBefore(cutoff);
    },

    // For staff tools (the back office).

    /** Any shopper's order shaped for the API, with its owner; undefined for an unknown or malformed id. */
    async findForStaff(orderId: string): Promise<{ order: Order; userId: string } | undefined> {
      if (!UUID.test(orderId)) return undefined;
      const full = await repository.findById(orderId.toLowerCase());
      return full && { order: orderOf(full), userId: full.order.userId };
    },

    /** One page of every shopper's orders, newest first. */
    staffPage(filter: StaffOrderFilter, page: number, limit: number) {
      return repository.staffPage(filter, limit, (page - 1) * limit);
    },

    /** How many orders the staff filter matches (`atMost + 1` once past `atMost`, when given). */
    staffCount(filter: StaffOrderFilter, atMost?: number): Promise<number> {
      return repository.staffCount(filter, atMost);
    },

    /** A shopper's latest `limit` orders, every status (the customer's page in the back office). */
    async ofUser(userId: string, limit: number): Promise<Order[]> {
      return (await repository.ofUser(userId, limit)).map(orderOf);
    },

    /** What the shopper's sales came to, less refunds, in paise: the back office's lifetime value. */
    lifetimePaise(userId: string): Promise<number> {
      return repository.lifetimePaise(userId);
    },

    staffNotes(orderId: string): Promise<StaffNoteRow[]> {
      return repository.staffNotes(orderId);
    },

    addStaffNote(note: Omit<StaffNoteRow, 'id'>): Promise<void> {
      return repository.insertStaffNote(note);
    },

    refunds(orderId: string): Promise<RefundRow[]> {
      return repository.refunds(orderId);
    },

    addRefund(refund: NewRefund): Promise<RefundRow> {
      return repository.insertRefund(refund);
    },

    /** The provider answered the refund with its id. */
    /** The lease on a staff refund that waits for the provider's call (REFUND_LEASE_MS), or undefined. */
    claimRefund(refundId: string, at: Date): Promise<RefundRow | undefined> {
      return repository.claimRefund(refundId, at, new Date(at.getTime() - REFUND_LEASE_MS));
    },

    /** Staff refunds to call the provider for again: unanswered, lease run out, attempts left. */
    refundsDue(at: Date, limit = 50): Promise<string[]> {
      return repository.refundsDue(new Date(at.getTime() - REFUND_LEASE_MS), MAX_REFUND_ATTEMPTS, limit);
    },

    refundSent(refundId: string, providerRefundId: string): Promise<void> {
      return repository.setProviderRefundId(refundId, providerRefundId);
    },

    /** Moves the order's return request on (approved, rejected, returned). */
    updateReturn(orderId: string, changes: Pick<ReturnRow, 'status' | 'updatedAt'> & Partial<ReturnRow>) {
      return repository.updateReturn(orderId, changes);
    },

    /** One page of return requests in `status` (or all), the longest waiting first. */
    returnsPage(status: ReturnStatus | undefined, page: number, limit: number) {
      return repository.returnsPage(status, limit, (page - 1) * limit);
    },

    /** Changes the statuses and records the change in the history. */
    async changeStatus(orderId: string, entry: HistoryEntry): Promise<void> {
      await repository.setStatuses(orderId, entry.deliveryStatus, entry.paymentStatus);
      await repository.addHistory(orderId, entry);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
