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
  defaultBadge: 'Default',
  notesHeading: 'Order notes',
  notesLabel: 'Notes for the shop (optional)',
  notesHint: (max: number) => `At most ${max} characters.`,
  paymentHeading: 'Payment',
  cod: 'Cash on delivery',
  codNote: 'Pay in cash or by UPI when the order reaches you.',
  online: 'Pay online',
  onlineNote: 'Online payment is coming soon.',
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

export const CONFIRMATION_TEXTS = {
  pageTitle: 'Order placed',
  pageDescription: 'Your order has been placed.',
  heading: 'Thank you! Your order is placed.',
  orderNumber: 'Order number',
  codNote: (total: string) => `Please keep ${total} ready to pay on delivery.`,
  myOrders: 'View it in My Orders',
  keepShopping: 'Keep shopping',
  loading: 'Loading your order...',
  loadError: 'This order could not be loaded.',
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
  placedOn: 'Placed on',
  delivery: 'Delivery',
  payment: 'Payment',
  paymentMode: { COD: 'Cash on delivery', ONLINE: 'Paid online' },
  items: 'Items',
  lineDetails: (color: string, size: string) => `${color} · ${size}`,
  quantityPrice: (quantity: number, price: string) => `${quantity} × ${price}`,
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
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
