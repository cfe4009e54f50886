import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { multiLine, singleLine } from './text';

export const PAYMENT_MODES = ['COD', 'ONLINE'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The online payment providers (DESIGN.md §4 PAYMENT_PROVIDER); the simulator is the default. */
export const PAYMENT_PROVIDERS = ['simulator', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** DESIGN.md §6. */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refund Initiated', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** DESIGN.md §6. */
export const DELIVERY_STATUSES = [
  'Pending',
  'Processing',
  'Shipped',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
  'Failed',
  'Return Requested',
  'Return Approved',
  'Returned',
  'Return Rejected',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Who made a change in an order's history. */
export const ORDER_ACTORS = ['customer', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Most lines one order may hold, and most units of one line: sanity caps against hostile input. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 1000;
export const MAX_ORDER_NOTES = 500;
/** Orders per page of My Orders. */
export const MY_ORDERS_PAGE_SIZE = 10;
/** Orders per page of the archive (DESIGN.md §5). */
export const ARCHIVED_ORDERS_PAGE_SIZE = 10;
/** Longest reason a shopper may give for a return. */
export const MAX_RETURN_REASON = 500;

/** The states of a return request; the order's deliveryStatus mirrors them (DESIGN.md §6). */
export const RETURN_STATUSES = ['Requested', 'Approved', 'Rejected', 'Returned'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The texts of the return answers, in one place for the server, the web app and the tests. */
export const RETURN_MESSAGES = {
  reason: 'Please tell us why you are returning the items.',
  notDelivered: 'Only a delivered order can be returned.',
  window: 'This order can no longer be returned: the 7-day return window after delivery has passed.',
  alreadyRequested: 'A return has already been requested for this order.',
  nothingRefundable: 'None of the items in this order can be returned.',
  notRefundable: 'Only refundable items can be returned.',
  unknownLine: 'This item is not part of the order.',
  chooseItems: 'Please choose at least one item to return.',
} as const;

/** The texts of the order answers, in one place for the server, the web app and the tests. */
export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  quantity: 'Quantity must be a whole number of at least 1.',
  paymentMode: 'Please choose cash on delivery (COD) or online payment (ONLINE).',
  address: 'Please choose one of your saved delivery addresses.',
  unknownProduct: 'A product in your cart is no longer available.',
  unknownVariant: 'A colour or size in your cart is not available for this product.',
  priceChanged: 'Some prices in your cart have changed. Please review your cart and try again.',
  outOfStock: 'Sorry, one of the items in your cart is out of stock in the chosen colour and size.',
  paymentProviderUnavailable:
    'Online payment is not available right now. Please try again in a few minutes or choose cash on delivery.',
  idempotencyReused:
    'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
  idempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  notFound: 'Order not found.',
  cancelWindow: 'This order can no longer be cancelled: the 6-hour cancellation window has passed.',
  cancelShipped: 'This order can no longer be cancelled: it has already shipped.',
  alreadyCancelled: 'This order has already been cancelled.',
  payCashOnDelivery: 'This order is paid in cash on delivery, not online.',
  nothingToPay: 'This order has nothing left to pay.',
  payWindow:
    'The time to pay this order has run out: an online order that is not paid within 30 minutes of placing it is cancelled.',
} as const;

/** One line of the order payload (SPEC.md §3). isRefundable is accepted but the server decides it. */
export const orderCartItemSchema = z.object({
  productId: singleLine({ error: ORDER_MESSAGES.unknownProduct })
    .trim()
    .min(1, ORDER_MESSAGES.unknownProduct),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(1, ORDER_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} units of one item per order.`),
  price: z.number({ error: 'Each cart item needs its price.' }).positive('A price must be above 0.'),
  selectedColor: singleLine({ error: 'Please choose a colour.' })
    .trim()
    .min(1, 'Please choose a colour.')
    .max(60),
  selectedSize: singleLine({ error: 'Please choose a size.' }).trim().min(1, 'Please choose a size.').max(30),
  isRefundable: z.boolean().optional(),
});
export type OrderCartItem = z.infer<typeof orderCartItemSchema>;

/** `POST /api/order` (SPEC.md §3 Order payload). */
export const placeOrderSchema = z.object({
  addressId: singleLine({ error: ORDER_MESSAGES.address }).trim().min(1, ORDER_MESSAGES.address),
  cartItems: z
    .array(orderCartItemSchema, { error: ORDER_MESSAGES.emptyCart })
    .min(1, ORDER_MESSAGES.emptyCart)
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different items per order.`),
  orderNotes: multiLine()
    .max(MAX_ORDER_NOTES, `Order notes can be at most ${MAX_ORDER_NOTES} characters.`)
    .nullish()
    .transform((notes) => (notes ?? '').trim()),
  paymentMode: z.enum(PAYMENT_MODES, { error: ORDER_MESSAGES.paymentMode }),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

/** The delivery address as it was when the order was placed (SPEC.md §3 Address form). */
export const orderAddressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressLine3: z.string(),
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  country: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  selectedColor: z.string(),
  selectedSize: z.string(),
  isRefundable: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  note: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** A return request as the API answers it: the lines asked for, the reason and where it stands. */
export const returnRequestSchema = z.object({
  _id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  items: z.array(orderItemSchema),
  requestedAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** An order as the API answers it (DESIGN.md §5); money in rupees. */
export const orderSchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    orderTimestamp: z.string(),
    items: z.array(orderItemSchema),
    itemsPrice: z.number(),
    shippingPrice: z.number(),
    taxPrice: z.number(),
    discount: z.number(),
    totalPrice: z.number(),
    paymentMode: z.enum(PAYMENT_MODES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    deliveryStatus: z.enum(DELIVERY_STATUSES),
    address: orderAddressSchema,
    orderNotes: z.string(),
    history: z.array(orderHistoryEntrySchema),
    /** Present once the shopper asked to return something (one request per order). */
    returnRequest: returnRequestSchema.optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/**
 * What the client needs to open the payment provider's checkout (ONLINE only): the provider's order
 * id, the amount in rupees and the public key id (docs/decisions/006-payments.md).
 */
export const orderPaymentSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  providerOrderId: z.string(),
  amount: z.number(),
  currency: z.literal('INR'),
  keyId: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** `POST /api/order` 201. */
export const placedOrderSchema = z.object({ order: orderSchema, payment: orderPaymentSchema.nullable() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** `POST /api/order/{id}/pay` 200: the order and its payment to open, as placing it answered. */
export const payOrderAnswerSchema = z.object({ order: orderSchema, payment: orderPaymentSchema });
export type PayOrderAnswer = z.infer<typeof payOrderAnswerSchema>;

/** One line of the 400 PRICE_CHANGED answer: today's price of a cart line. */
export const currentPriceSchema = z.object({
  productId: z.string(),
  selectedColor: z.string(),
  selectedSize: z.string(),
  price: z.number(),
});
export type CurrentPrice = z.infer<typeof currentPriceSchema>;

/** `POST /api/order` 400: the usual error answer; PRICE_CHANGED also carries today's price of every line. */
export const placeOrderErrorSchema = apiErrorSchema
  .extend({ prices: z.array(currentPriceSchema).optional() })
  .meta({
    description: "The order cannot be taken as sent; `code` says why (PRICE_CHANGED with today's `prices`).",
  });
export type PlaceOrderError = z.infer<typeof placeOrderErrorSchema>;

/** `GET /api/order/myorders`. */
export const myOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export const myOrdersSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type MyOrders = z.infer<typeof myOrdersSchema>;

export const orderIdParamsSchema = z.object({ id: z.string() });

/** `POST /api/order/{id}/cancel`. */
export const cancelOrderSchema = z
  .object({ reason: multiLine().trim().max(MAX_ORDER_NOTES).optional() })
  .nullish()
  .transform((body) => ({ reason: body?.reason ?? '' }));
export const cancelledOrderSchema = z.object({ order: orderSchema });

/** One order line named by what the shopper sees: product, colour and size (SPEC.md §3). */
export const returnLineSchema = z.object({
  productId: singleLine().trim().min(1).max(100),
  selectedColor: singleLine().trim().min(1).max(60),
  selectedSize: singleLine().trim().min(1).max(30),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** `POST /api/order/{id}/return`: a reason, and optionally the lines to return (else every refundable one). */
export const requestReturnSchema = z.object({
  reason: multiLine({ error: RETURN_MESSAGES.reason })
    .trim()
    .min(1, RETURN_MESSAGES.reason)
    .max(MAX_RETURN_REASON, `A reason can be at most ${MAX_RETURN_REASON} characters.`),
  items: z.array(returnLineSchema).min(1, RETURN_MESSAGES.chooseItems).max(MAX_ORDER_LINES).optional(),
});
export type RequestReturn = z.infer<typeof requestReturnSchema>;

/** `POST /api/order/{id}/return` 201: the order as it is now and the request. */
export const returnedOrderSchema = z.object({ order: orderSchema, returnRequest: returnRequestSchema });
export type ReturnedOrder = z.infer<typeof returnedOrderSchema>;

/** `GET /api/order/archived-orders?page=n`: the same paging rules as My Orders. */
export const archivedOrdersQuerySchema = myOrdersQuerySchema;

/** One line of an archived order (SPEC.md §3 Archived order). */
export const archivedOrderLineSchema = orderItemSchema.pick({
  productId: true,
  name: true,
  // Beyond SPEC.md §3: the picture of the colour bought, so the archive shows what was bought.
  image: true,
  quantity: true,
  price: true,
  selectedColor: true,
  selectedSize: true,
});

/** An archived order: only what the archive shows (SPEC.md §3). */
export const archivedOrderSchema = orderSchema
  .pick({
    _id: true,
    orderNumber: true,
    orderTimestamp: true,
    deliveryStatus: true,
    paymentStatus: true,
    totalPrice: true,
  })
  .extend({ items: z.array(archivedOrderLineSchema) });
export type ArchivedOrder = z.infer<typeof archivedOrderSchema>;

export const archivedOrdersSchema = z.object({
  orders: z.array(archivedOrderSchema),
  pages: z.number().int(),
});
export type ArchivedOrders = z.infer<typeof archivedOrdersSchema>;
