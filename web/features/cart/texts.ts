import { formatRs } from '../../../common/money';

/** The cart's texts from SPEC.md §8, named so the screens and the tests use the same words. */

/** Shown in the modal when a line is already at its stock. The typo "Contack" is SPEC.md's exact text. */
export const STOCK_LIMIT_MESSAGE = 'Stock limit reached. Contack us directly for bulk orders!';

/** Shown in the modal when a price changed on refresh; `total` is the new cart total in rupees. */
export const priceUpdatedMessage = (total: number) => `Cart Price Updated! New Total: ${formatRs(total)}`;

/** Modal text when the price refresh as a whole failed. */
export const ERROR_UPDATING_CART_MODAL = 'Error updating cart.';

/** Toast when the price refresh as a whole failed. */
export const ERROR_UPDATING_CART_TOAST = 'Error updating cart';

/** Toast when one product's price could not be re-read; its old price is kept. */
export const errorUpdatingProductMessage = (name: string) => `Error updating product ${name}`;

/** Toast when the stored cart could not be read at start-up; the cart then starts empty. */
export const ERROR_PARSING_CART = 'Error parsing cart items from localStorage';

export const CART_TEXT = {
  pageTitle: 'Your cart',
  pageDescription: 'Review the items in your Pehnava cart and proceed to checkout.',
  itemCount: (n: number) => (n === 1 ? '1 item' : `${n} items`),
  colour: 'Colour',
  size: 'Size',
  each: 'each',
  quantityOf: (name: string) => `Quantity of ${name}`,
  decrease: (name: string) => `Remove one ${name}`,
  increase: (name: string) => `Add one more ${name}`,
  removeItem: (name: string) => `Remove ${name} from cart`,
  summary: 'Order summary',
  shippingNote: 'Shipping and any discounts are worked out at checkout.',
  modalTitle: 'Cart',
  close: 'Close',
  emptyTitle: 'Your cart is empty',
  emptyBody: 'Browse the collection and add something you love.',
  shopLink: 'Start shopping',
  clearCart: 'Clear cart',
  proceedToCheckout: 'Proceed to checkout',
  remove: 'Remove',
  subtotal: 'Subtotal',
  total: 'Total',
  refundable: 'Refundable',
  notRefundable: 'Not refundable',
} as const;
