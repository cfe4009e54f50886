import { z } from 'zod';
import { instant, pageQuery } from './admin';
import { rupees } from './admin-products';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  orderSchema,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  RETURN_STATUSES,
} from './order';
import { multiLine, singleLine } from './text';

/** Longest staff note, cancel or refund reason. */
export const MAX_STAFF_NOTE = 1000;

/** The texts of the staff order answers, in one place for the server, the admin screens and the tests. */
export const ADMIN_ORDER_MESSAGES = {
  notFound: 'Order not found.',
  noteText: 'Please write the note.',
  reason: 'Please give a reason.',
  stepNotAllowed: (from: string, to: string) => `This order cannot move from ${from} to ${to}.`,
  unpaidToShip: 'This online order is not paid yet, so it cannot be shipped.',
  courierFailed: 'The courier could not book this shipment now. Please try again in a few minutes.',
  notCancellable: 'This order can no longer be cancelled: it has already left the shop or is closed.',
  nothingToRefund: 'Nothing is left to refund on this order.',
  tooMuch: (left: number) => `At most ₹${left} is left to refund on this order.`,
  noReturn: 'This order has no return request.',
  returnStep: (status: string, step: string) => `A return that is ${status} cannot be ${step}.`,
  customerNotFound: 'Customer not found.',
} as const;

/** `GET /api/admin/orders?status=&paymentMode=&q=&from=&to=&page=`: newest first. */
export const adminOrdersQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(DELIVERY_STATUSES).optional(),
  paymentMode: z.enum(PAYMENT_MODES).optional(),
  /** An order number, or the customer's email or phone (whole or its start). */
  q: singleLine().trim().max(100).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** One row of the staff order list. */
export const adminOrderRowSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  orderTimestamp: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  items: z.number().int(),
  totalPrice: z.number(),
  paymentMode: z.enum(PAYMENT_MODES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type AdminOrders = z.infer<typeof adminOrdersSchema>;

export const orderIdParamsSchema = z.object({ id: singleLine().max(100) });

export const staffNoteSchema = z.object({
  _id: z.string(),
  text: z.string(),
  at: z.string(),
  author: z.object({ _id: z.string(), email: z.string() }),
});

export const refundSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  at: z.string(),
  /** The provider's refund id once it answered; null while it is on its way, or for cash refunded by hand. */
  providerRefundId: z.string().nullable(),
});

/** `GET /api/admin/orders/{id}`: the order with what staff need to handle it. */
export const adminOrderSchema = orderSchema
  .extend({
    customer: z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
    notes: z.array(staffNoteSchema),
    payment: z
      .object({
        provider: z.string(),
        providerOrderId: z.string(),
        paymentId: z.string().nullable(),
        status: z.string(),
        amount: z.number(),
      })
      .nullable(),
    shipment: z
      .object({ courier: z.string().nullable(), awb: z.string().nullable(), status: z.string() })
      .nullable(),
    refunds: z.array(refundSchema),
    /** What was paid (online, or cash on delivery), less what was refunded: the most a refund may be. */
    refundable: z.number(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderAnswerSchema = z.object({ order: adminOrderSchema });

/** The steps staff may move an order along by hand (one at a time); Failed is a return to origin (RTO). */
export const STAFF_STEPS = ['Shipped', 'Out for Delivery', 'Delivered', 'Failed'] as const;

export type StaffStep = (typeof STAFF_STEPS)[number];

/**
 * Where each step staff may take by hand starts from: one step along the delivery, or back to the
 * shop (RTO). The server refuses any other; the order screen offers only these.
 */
export const STAFF_STEP_FROM: Record<StaffStep, readonly DeliveryStatus[]> = {
  Shipped: ['Processing'],
  'Out for Delivery': ['Shipped'],
  Delivered: ['Out for Delivery'],
  Failed: ['Shipped', 'Out for Delivery'],
};

/** Orders staff may still cancel: none of them has left the shop. */
export const STAFF_CANCELLABLE: readonly DeliveryStatus[] = ['Pending', 'Processing'];

/** `POST /api/admin/orders/{id}/status`. */
export const orderStatusBodySchema = z.object({
  deliveryStatus: z.enum(STAFF_STEPS),
  note: multiLine().trim().max(MAX_STAFF_NOTE).optional(),
});
export type OrderStatusBody = z.infer<typeof orderStatusBodySchema>;

const reason = multiLine({ error: ADMIN_ORDER_MESSAGES.reason })
  .trim()
  .min(1, ADMIN_ORDER_MESSAGES.reason)
  .max(MAX_STAFF_NOTE);

/** `POST /api/admin/orders/{id}/cancel`. */
export const cancelOrderBodySchema = z.object({ reason });

/** `POST /api/admin/orders/{id}/refund`: rupees, partial allowed. */
export const refundOrderBodySchema = z.object({
  amount: rupees,
  reason,
});
export type RefundOrderBody = z.infer<typeof refundOrderBodySchema>;

/** `POST /api/admin/orders/{id}/notes`. */
export const orderNoteBodySchema = z.object({
  text: multiLine({ error: ADMIN_ORDER_MESSAGES.noteText })
    .trim()
    .min(1, ADMIN_ORDER_MESSAGES.noteText)
    .max(MAX_STAFF_NOTE),
});

/** `POST /api/admin/orders/{id}/return/reject`. */
export const rejectReturnBodySchema = z.object({ note: reason });

/** `GET /api/admin/returns?status=&page=`. */
export const adminReturnsQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(RETURN_STATUSES).optional(),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuerySchema>;

export const adminReturnRowSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  items: z.number().int(),
  requestedAt: z.string(),
  /**
   * The refund is promised within 5 business days of approval (SPEC.md §9): when that ends, for an
   * approved return not yet received and refunded; null otherwise.
   */
  refundDueBy: z.string().nullable(),
  overdue: z.boolean(),
});
export type AdminReturnRow = z.infer<typeof adminReturnRowSchema>;

export const adminReturnsSchema = z.object({
  returns: z.array(adminReturnRowSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type AdminReturns = z.infer<typeof adminReturnsSchema>;
