/**
 * The texts of checkout, the confirmation and My Orders. The order messages are SPEC.md §8's exact
 * words (shown in a modal with a Close button); the toast too, its missing space included.
 *
 * Which message an answer gets (`placeOrderFailure` in lib/place-order-failure.ts), first match wins:
 *  1. the server answered 400 → `invalid` (a PRICE_CHANGED 400 also refreshes the cart's prices);
 *  2. 401 → `unauthorized`;  3. 500 → `serverError`;
 *  4. any other status whose body carries a server message → `errorWithResponse(message)`
 *     (409, 422, 429, 503 …: the server's own words say more than its status line);
 *  5. any other status without a message → `unexpectedResponse(statusText)`, or, when the status line
 *     has no text (HTTP/2 sends none), `errorWithResponse()` = "Error: An unexpected error occurred.";
 *  6. no answer at all (offline, server down) → `noResponse`;
 *  7. anything else (a 2xx that is not an order, a bug) → `otherFailure(message)`.
 * Every failure also raises the toast `ORDER_SEND_ERROR_TOAST`.
 */
export const PLACE_ORDER_MESSAGES = {
  invalid: 'Invalid order details. Please check your cart and try again.',
  unauthorized: 'You are not authorized. Please log in again.',
  serverError: 'Server error. Please try again later.',
  unexpectedResponse: (statusText: string) => `Unexpected response: ${statusText}`,
  errorWithResponse: (message?: string) => `Error: ${message || 'An unexpected error occurred.'}`,
  noResponse: 'No response from server. Please check your internet connection.',
  otherFailure: (message: string) => `Error placing order: ${message}`,
} as const;

/** Toast on any failed order (SPEC.md §8, exact text). */
export const ORDER_SEND_ERROR_TOAST = 'Error sending order,Try after sometime!';

export const CHECKOUT_TEXTS = {
  pageTitle: 'Checkout',
  pageDescription: 'Choose a delivery address and payment, check the summary and place your order.',
  modalTitle: 'Order',
  addressHeading: 'Delivery address',
  addressLoading: 'Loading addresses...',
  addressLoadError: 'Your addresses could not be loaded.',
  retry: 'Try again',
  noAddress: 'You have no saved address yet. Add one to deliver your order to.',
  addAddress: 'Add a new address',
  editAddress: 'Edit',
  editAddressLabel: (name: string) => `Edit the address of ${name}`,
  defaultBadge: 'Default',
  notesHeading: 'Order notes',
  notesLabel: 'Notes for the shop (optional)',
  notesHint: (max: number) => `At most ${max} characters.`,
  paymentHeading: 'Payment',
  cod: 'Cash on delivery',
  codNote: 'Pay in cash or by UPI when the order reaches you.',
  online: 'Pay online',
  onlineNote: 'UPI, cards or net banking on a secure payment page, right after placing the order.',
  summaryHeading: 'Order summary',
  itemsTotal: 'Items total',
  shipping: 'Shipping',
  free: 'Free',
  freeFrom: (amount: string) => `Free shipping on orders of ${amount} or more.`,
  tax: 'Tax',
  total: 'Total',
  lineDetails: (color: string, size: string, quantity: number) => `${color} · ${size} · Qty ${quantity}`,
  summaryLoading: 'Working out shipping...',
  summaryError: 'The shipping charges could not be loaded. Please reload the page.',
  placeOrder: 'Place order',
  placing: 'Placing order...',
  chooseAddress: 'Please choose a delivery address first.',
  emptyTitle: 'Your cart is empty',
  emptyBody: 'Add something to your cart before checking out.',
  shopLink: 'Start shopping',
  backToCart: 'Back to cart',
} as const;

/**
 * The order's page after placing it (/order-confirmed/{id}): it reads the order's state, so its
 * heading and title say what the order is now and its due line what the shopper owes.
 */
export const CONFIRMATION_TEXTS = {
  /** While the order loads. */
  pageTitle: 'Your order',
  pageDescription: 'Your order, where it stands and what is due on it.',
  titles: {
    placed: 'Order placed',
    delivered: 'Order delivered',
    returned: 'Order returned',
    cancelled: 'Order cancelled',
    undelivered: 'Order not delivered',
    'payment-failed': 'Payment failed',
    'payment-pending': 'Payment pending',
  },
  headings: {
    placed: 'Thank you! Your order is placed.',
    delivered: 'Your order has been delivered.',
    returned: 'Your order has been returned.',
    cancelled: 'This order is cancelled.',
    undelivered: 'This order could not be delivered.',
    'payment-failed': 'Your payment failed. Your order is not confirmed.',
    'payment-pending': 'Your payment is pending. Your order is not confirmed yet.',
  },
  orderNumber: 'Order number',
  codNote: (total: string) => `Please keep ${total} ready to pay on delivery.`,
  paidOnline: (total: string) => `Nothing is due: your payment of ${total} is received.`,
  paidOnDelivery: (total: string) => `Nothing is due: you paid ${total} on delivery.`,
  nothingDue: 'Nothing is due.',
  refundInitiated: 'Nothing is due. Your refund is initiated.',
  refunded: 'Nothing is due. Your refund has been made.',
  myOrders: 'View it in My Orders',
  keepShopping: 'Keep shopping',
  loading: 'Loading your order...',
  loadError: 'This order could not be loaded.',
  /** An unknown id, or an online order deleted unpaid 30 minutes after placing (DESIGN.md §6). */
  notFound:
    'This order no longer exists. An online order that is not paid within 30 minutes is cancelled; if a payment for it went through after that, it is refunded.',
} as const;

/** The texts of paying an online order, shown at the top of its page until it is paid. */
export const PAYMENT_TEXTS = {
  status: (status: string) => `Payment: ${status}`,
  payToConfirm: (total: string) => `Pay ${total} to confirm your order.`,
  timeLeft: 'Time left to pay',
  expiryNote: (payBy: string) =>
    `An online order that is not paid within 30 minutes of placing it is cancelled automatically, this one at ${payBy}.`,
  timeUp:
    'The 30 minutes to pay have run out, so this order is being cancelled. If a payment for it went through, it is refunded.',
  payNow: 'Pay now',
  preparing: 'Getting your payment ready...',
  redirecting: 'Taking you to the payment page...',
  opening: 'Opening the payment window...',
  verifying: 'Confirming your payment...',
  /** The payment could not be verified (the server's message says more when it gives one). */
  notVerified: 'Your payment could not be confirmed.',
  closed: 'The payment window was closed before paying.',
  openFailed: 'The payment window could not be opened. Please check your connection.',
  reopenFailed: 'The payment could not be opened. Please try again.',
} as const;

export const MY_ORDERS_TEXTS = {
  pageTitle: 'My Orders',
  pageDescription: 'Your orders, their delivery status and what you can still do with them.',
  loading: 'Loading orders...',
  loadError: 'Your orders could not be loaded.',
  retry: 'Try again',
  empty: 'You have not placed any orders yet.',
  shopLink: 'Start shopping',
  orderLabel: (orderNumber: string) => `Order ${orderNumber}`,
  moreItems: (count: number) => `+ ${count} more`,
  viewOrder: 'View order',
  viewOrderLabel: (orderNumber: string) => `View order ${orderNumber}`,
  placedOn: 'Placed on',
  delivery: 'Delivery',
  payment: 'Payment',
  paymentMode: { COD: 'Cash on delivery', ONLINE: 'Online payment' },
  /** In place of the payment status of a cancelled or undelivered order that was never paid. */
  nothingDue: 'Nothing due',
  notConfirmed:
    'Not confirmed until it is paid: an online order not paid within 30 minutes of placing it is cancelled.',
  payNow: 'Pay now',
  payNowLabel: (orderNumber: string) => `Pay now for order ${orderNumber}`,
  items: 'Items',
  lineDetails: (color: string, size: string) => `${color} · ${size}`,
  quantityPrice: (quantity: number, price: string) => `${quantity} × ${price}`,
  reviewProduct: 'Review this product',
  reviewProductLabel: (name: string) => `Review this product: ${name}`,
  itemsTotal: 'Items total',
  shipping: 'Shipping',
  free: 'Free',
  tax: 'Tax',
  discount: 'Discount',
  total: 'Total',
  deliverTo: 'Deliver to',
  notes: 'Notes',
  timeline: 'Status history',
  cancel: 'Cancel order',
  cancelLabel: (orderNumber: string) => `Cancel order ${orderNumber}`,
  cancelWindowNote: 'You can cancel within 6 hours of placing, until it ships.',
  confirmCancel: 'Cancel this order? Its items go back on sale.',
  confirmYes: 'Yes, cancel it',
  confirmNo: 'Keep order',
  cancelling: 'Cancelling...',
  cancelled: (orderNumber: string) => `Order ${orderNumber} is cancelled.`,
  cancelFailed: 'The order could not be cancelled.',
  archiveLink: 'View archived orders',
  archiveNote: 'Orders older than 60 days, and cancelled or failed ones after 3 days, move to the archive.',
} as const;

/** My Orders: asking to return a delivered order, and the request afterwards. */
export const RETURN_TEXTS = {
  request: 'Request a return',
  requestLabel: (orderNumber: string) => `Request a return for order ${orderNumber}`,
  windowNote: (until: string) => `Refundable items can be returned until ${until}.`,
  formTitle: 'Request a return',
  itemsLegend: 'Items to return',
  notReturnable: 'Not returnable',
  reasonLabel: 'Reason for the return',
  reasonHint: 'For example: the size runs small, or the colour differs from the photos.',
  submit: 'Send return request',
  submitting: 'Sending...',
  close: 'Never mind',
  requested: (orderNumber: string) => `Your return request for order ${orderNumber} has been sent.`,
  failed: 'The return could not be requested.',
  heading: 'Return request',
  status: 'Status',
  reason: 'Reason',
  items: 'Items',
  requestedOn: 'Requested on',
  statusNote: {
    Requested: 'We will review your request and arrange a pick-up.',
    Approved:
      'Approved: the courier will pick the items up, and your refund is initiated within 5 business days.',
    Rejected: 'This return was not accepted.',
    Returned: 'The items are back with us.',
  },
} as const;

/** The archived orders page (SPEC.md §2, §8): its texts exactly as specified. */
export const ARCHIVED_ORDERS_TEXTS = {
  pageTitle: 'Archived Orders',
  subtitle: 'Orders older than 60 days, and Failed/Cancelled orders older than 3 days.',
  loading: 'Loading orders...',
  empty: 'No archived orders found.',
  loadError: 'Failed to load archived orders.',
  backLink: '← Back to My Orders',
  orderLabel: (orderNumber: string) => `Order ${orderNumber}`,
  date: 'Date',
  delivery: 'Delivery',
  payment: 'Payment',
  total: 'Total',
  itemsCaption: (orderNumber: string) => `Items of order ${orderNumber}`,
  columns: { item: 'Item', qty: 'Qty', price: 'Price', colorSize: 'Color / Size', subtotal: 'Subtotal' },
  unknownItem: 'Unknown / Deleted',
  noLines: 'No line items captured for this order.',
} as const;
