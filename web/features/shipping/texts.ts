import { SHIPPING_MESSAGES } from '../../../common/schemas/shipping';

/** The texts of the delivery check on the product page and at checkout, shared by screens and tests. */
export const SHIPPING_TEXTS = {
  heading: 'Check delivery',
  pincodeLabel: 'Delivery pincode',
  pincodePlaceholder: '6-digit pincode',
  check: 'Check',
  checking: 'Checking...',
  invalidPincode: SHIPPING_MESSAGES.pincode,
  deliveryBy: (date: string) => `Delivery by ${date}`,
  codAvailable: 'Cash on delivery available',
  codUnavailable: 'Cash on delivery is not available at this pincode',
  notServiceable: SHIPPING_MESSAGES.notServiceable,
  checkFailed: 'Delivery details could not be checked. Please try again.',
  /** Checkout: the chosen address's pincode. */
  checkingAddress: (pincode: string) => `Checking delivery to ${pincode}...`,
  deliveryTo: (pincode: string) => `Delivering to pincode ${pincode}`,
  codUnavailableAtCheckout: SHIPPING_MESSAGES.codUnavailable,
} as const;
