import { addBusinessDays } from '../../../common/business-days';
import { REFUND_BUSINESS_DAYS } from '../../../common/constants';
import { toPaise, toRupees } from '../../../common/money';
import type {
  AdminOrder,
  AdminOrders,
  AdminOrdersQuery,
  AdminReturns,
  AdminReturnsQuery,
} from '../../../common/schemas/admin-orders';
import { ADMIN_ORDER_MESSAGES } from '../../../common/schemas/admin-orders';
import { NotFoundError } from '../../errors';
import type { PaymentRow, PaymentsService } from '../payments/payments.service';
import type { ShippingService } from '../shipping/shipping.service';
import type { UsersService } from '../users/users.service';
import type { OrderRow, OrderService, RefundRow, StaffOrderFilter } from './order.service';

/** Most accounts one search of the order list looks among: a search names a person, not a crowd. */
const SEARCH_ACCOUNTS = 50;
/**
 * Counting every one of 100,000 orders takes longer than reading a page of them, and the staff page
 * through a list far more often than its size changes much: a count up to this many is exact on every
 * answer; a larger one is counted once per filter and kept COUNT_KEPT_MS (the rows stay live).
 */
const EXACT_COUNT_UP_TO = 5_000;
const COUNT_KEPT_MS = 30_000;
/** Filters whose large count is kept at once: a long-lived instance must not collect every search. */
const COUNTS_KEPT = 100;

/**
 * What may still be refunded on an order, in paise: what was paid, less the staff refunds so far.
 * Paid is the online payment while the provider holds it (a refund the system already decided,
 * such as a shopper's cancel, leaves nothing), or the cash collected on delivery.
 */
export function refundablePaise(
  order: Pick<OrderRow, 'paymentMode' | 'paymentStatus' | 'totalPricePaise'>,
  payment: Pick<PaymentRow, 'status' | 'amountPaise'> | undefined,
  refunds: readonly Pick<RefundRow, 'amountPaise'>[],
): number {
  let paid = 0;
  if (order.paymentMode === 'ONLINE') paid = payment?.status === 'paid' ? payment.amountPaise : 0;
  else if (order.paymentStatus === 'Paid') paid = order.totalPricePaise;
  const refunded = refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
  return Math.max(0, paid - refunded);
}

export interface OrderAdminDeps {
  orders: OrderService;
  users: Pick<UsersService, 'contactsOf' | 'idsMatching'>;
  payments: Pick<PaymentsService, 'findByOrderId'>;
  shipping: Pick<ShippingService, 'findForOrder'>;
  now: () => Date;
}

/**
 * The back office's reads of orders and returns: the order module's rows with who placed them
 * (users), the payment and the shipment, for the screens staff work from.
 */
export function createOrderAdminService({ orders, users, payments, shipping, now }: OrderAdminDeps) {
  async function contacts(ids: string[]) {
    const found = await users.contactsOf([...new Set(ids)]);
    return (id: string) =>
      found.find((contact) => contact._id === id) ?? { _id: id, name: '', email: '', phone: null };
  }

  const largeCounts = new Map<string, { total: number; at: number }>();
  async function countOf(filter: StaffOrderFilter): Promise<number> {
    const upTo = await orders.staffCount(filter, EXACT_COUNT_UP_TO);
    if (upTo <= EXACT_COUNT_UP_TO) return upTo;
    const key = JSON.stringify(filter);
    const kept = largeCounts.get(key);
    if (kept && now().getTime() - kept.at < COUNT_KEPT_MS) return kept.total;
    const total = await orders.staffCount(filter);
    if (largeCounts.size >= COUNTS_KEPT) largeCounts.clear();
    largeCounts.set(key, { total, at: now().getTime() });
    return total;
  }

  return {
    async list({ page, limit, q, ...rest }: AdminOrdersQuery): Promise<AdminOrders> {
      const search = q
        ? { orderNumber: q.toUpperCase(), userIds: await users.idsMatching(q, SEARCH_ACCOUNTS) }
        : undefined;
      const filter = { ...rest, search };
      const [rows, total] = await Promise.all([orders.staffPage(filter, page, limit), countOf(filter)]);
      const contactOf = await contacts(rows.map((row) => row.userId));
      return {
        orders: rows.map((row) => {
          const { _id, name, email } = contactOf(row.userId);
          return {
            _id: row.id,
            orderNumber: row.orderNumber,
            orderTimestamp: row.createdAt.toISOString(),
            customer: { _id, name, email },
            items: row.units,
            totalPrice: toRupees(row.totalPricePaise),
            paymentMode: row.paymentMode,
            paymentStatus: row.paymentStatus,
            deliveryStatus: row.deliveryStatus,
          };
        }),
        page,
        pages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },

    /** The order with its customer, staff notes, payment, shipment and refunds; 404 when unknown. */
    async detail(orderId: string): Promise<AdminOrder> {
      const found = await orders.findForStaff(orderId);
      if (!found) throw new NotFoundError(ADMIN_ORDER_MESSAGES.notFound);
      const { order, userId } = found;
      const [notes, refunds, payment, shipment, contactOf] = await Promise.all([
        orders.staffNotes(order._id),
        orders.refunds(order._id),
        payments.findByOrderId(order._id),
        shipping.findForOrder(order._id),
        contacts([userId]),
      ]);
      return {
        ...order,
        customer: contactOf(userId),
        notes: notes.map((note) => ({
          _id: note.id,
          text: note.text,
          at: note.at.toISOString(),
          author: { _id: note.authorId, email: note.authorEmail },
        })),
        payment: payment
          ? {
              provider: payment.provider,
              providerOrderId: payment.providerOrderId,
              paymentId: payment.paymentId,
              status: payment.status,
              amount: toRupees(payment.amountPaise),
            }
          : null,
        shipment: shipment ? { courier: shipment.courier, awb: shipment.awb, status: shipment.status } : null,
        refunds: refunds.map((refund) => ({
          _id: refund.id,
          amount: toRupees(refund.amountPaise),
          reason: refund.reason,
          at: refund.at.toISOString(),
          providerRefundId: refund.providerRefundId,
        })),
        refundable: toRupees(
          refundablePaise({ ...order, totalPricePaise: toPaise(order.totalPrice) }, payment, refunds),
        ),
      };
    },

    /** Return requests, the longest waiting first, with the end of the refund promise of approved ones. */
    async returns({ status, page, limit }: AdminReturnsQuery): Promise<AdminReturns> {
      const { rows, total } = await orders.returnsPage(status, page, limit);
      const contactOf = await contacts(rows.map((row) => row.userId));
      const at = now();
      return {
        returns: rows.map((row) => {
          const { _id, name, email } = contactOf(row.userId);
          const dueBy =
            row.status === 'Approved' && row.approvedAt
              ? addBusinessDays(row.approvedAt, REFUND_BUSINESS_DAYS)
              : null;
          return {
            _id: row.id,
            orderId: row.orderId,
            orderNumber: row.orderNumber,
            customer: { _id, name, email },
            status: row.status,
            reason: row.reason,
            items: row.linePositions.length,
            requestedAt: row.requestedAt.toISOString(),
            refundDueBy: dueBy?.toISOString() ?? null,
            overdue: dueBy !== null && dueBy < at,
          };
        }),
        page,
        pages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
