import { API } from '../../../../common/api-paths';
import { toPaise } from '../../../../common/money';
import type { Order, OrderPayment } from '../../../../common/schemas/order';

/** What Razorpay Checkout (and the simulator's redirect) hands back after a successful payment. */
export interface PaymentResult {
  providerOrderId: string;
  paymentId: string;
  signature: string;
}

/** Leaves the app for the simulator's hosted payment page; it sends the browser back to the order. */
export function goToSimulatorPage(providerOrderId: string): void {
  window.location.assign(API.payments.simulatorCheckout(providerOrderId));
}

/** Razorpay's script must be loaded from its own origin (PCI rules), never bundled. */
const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  description: string;
  prefill: { name: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

type RazorpayCheckout = new (options: RazorpayOptions) => { open(): void };

declare global {
  interface Window {
    Razorpay?: RazorpayCheckout;
  }
}

let loading: Promise<RazorpayCheckout> | null = null;

/** Loads checkout.js once (the CSP allows its origin only when PAYMENT_PROVIDER=razorpay). */
function loadRazorpay(): Promise<RazorpayCheckout> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayCheckout>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js loaded nothing'));
    script.onerror = () => {
      // A later attempt may load it (the connection came back).
      loading = null;
      script.remove();
      reject(new Error('checkout.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Razorpay Checkout over the page for the order's payment. `onPaid` gets the signed result to
 * verify on the server; `onClosed` runs when the shopper closes the window without paying (Checkout
 * itself lets them retry a declined attempt before that).
 */
export async function openRazorpayCheckout({
  payment,
  order,
  onPaid,
  onClosed,
}: {
  payment: OrderPayment;
  order: Order;
  onPaid: (result: PaymentResult) => void;
  onClosed: () => void;
}): Promise<void> {
  const Razorpay = await loadRazorpay();
  new Razorpay({
    key: payment.keyId,
    amount: toPaise(payment.amount),
    currency: payment.currency,
    order_id: payment.providerOrderId,
    description: `Order ${order.orderNumber}`,
    prefill: { name: order.address.name, contact: order.address.phone },
    notes: { order_id: order._id },
    theme: { color: '#7c2d12' },
    handler: (response) =>
      onPaid({
        providerOrderId: response.razorpay_order_id,
        paymentId: response.razorpay_payment_id,
        signature: response.razorpay_signature,
      }),
    modal: { ondismiss: onClosed },
  }).open();
}
