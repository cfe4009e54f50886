import type { QueryKey } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { MINUTE } from '../../../../common/constants';
import { ORDER_MESSAGES, type Order, type OrderPayment } from '../../../../common/schemas/order';
import { PAYMENT_MESSAGES } from '../../../../common/schemas/payment';
import { renderWithApp } from '../../../testing/render-with-app';
import { useOrder } from '../api/get-order';
import { orderKeys } from '../api/keys';
import { goToSimulatorPage } from '../lib/open-payment';
import { formatPayBy } from '../lib/order-outcome';
import { makeOrder } from '../testing';
import { CONFIRMATION_TEXTS, PAYMENT_TEXTS } from '../texts';
import { OrderConfirmation } from './order-confirmation';

// Leaving the app for the simulator's page is the one thing jsdom cannot do; the test sees the call.
vi.mock('../lib/open-payment', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/open-payment')>()),
  goToSimulatorPage: vi.fn(),
}));

/** The page's clock: Date is fixed (timers stay real), so the time left reads exactly. */
const NOW = new Date('2026-11-22T06:05:53.000Z');
const placedAt = '2026-11-22T06:00:00.000Z';
const payBy = new Date('2026-11-22T06:30:00.000Z');

const online = makeOrder({
  paymentMode: 'ONLINE',
  paymentStatus: 'Pending',
  deliveryStatus: 'Pending',
  orderTimestamp: placedAt,
});
const paidOrder: Order = { ...online, paymentStatus: 'Paid', deliveryStatus: 'Processing' };
const simulatorPayment: OrderPayment = {
  provider: 'simulator',
  providerOrderId: 'order_AAAAAAAAAAAAAA',
  amount: 1598,
  currency: 'INR',
  keyId: 'rzp_simulator',
};

interface Server {
  order: Order;
  verify: { status: number; body: unknown };
  verifyCalls: unknown[];
  pay: { status: number; body: unknown } | null;
  payCalls: number;
}
let server: Server;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  server = {
    order: online,
    verify: { status: 200, body: { order: paidOrder } },
    verifyCalls: [],
    pay: null,
    payCalls: 0,
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(goToSimulatorPage).mockClear();
  delete window.Razorpay;
});

/** The confirmation as the route shows it: the order read through the query cache. */
function Page() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const location = useLocation();
  return (
    <>
      {order.data && <OrderConfirmation order={order.data} />}
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

/** The page in StrictMode, the order already loaded (and the payment, when given), as the app opens it. */
function renderAt(url: string, cachedPayment?: OrderPayment) {
  const queryData: [QueryKey, unknown][] = [[orderKeys.one('o1'), server.order]];
  if (cachedPayment) queryData.push([orderKeys.payment('o1'), cachedPayment]);
  renderWithApp([{ path: '/order-confirmed/:id', element: <Page /> }], {
    path: url,
    strict: true,
    queryData,
    api: {
      [`GET ${API.order.one('o1')}`]: () => ({ status: 200, body: server.order }),
      [`POST ${API.order.pay('o1')}`]: () => {
        server.payCalls += 1;
        return server.pay ?? { status: 200, body: { order: server.order, payment: simulatorPayment } };
      },
      [`POST ${API.payments.verify}`]: (body) => {
        server.verifyCalls.push(body);
        if (server.verify.status === 200) server.order = paidOrder;
        return server.verify;
      },
    },
  });
}

const heading = () => screen.getByRole('heading', { level: 1 });
const payNow = () => screen.queryByRole('button', { name: PAYMENT_TEXTS.payNow });

describe('OrderConfirmation says what is due, whatever the order’s state', () => {
  it.each<[string, Partial<Order>, string, string]>([
    [
      'a COD order just placed',
      {},
      CONFIRMATION_TEXTS.headings.placed,
      'Please keep Rs 1,598 ready to pay on delivery.',
    ],
    ['a cancelled COD order', { deliveryStatus: 'Cancelled' }, 'This order is cancelled.', 'Nothing is due.'],
    [
      'a delivered COD order',
      { deliveryStatus: 'Delivered', paymentStatus: 'Paid' },
      'Your order has been delivered.',
      'Nothing is due: you paid Rs 1,598 on delivery.',
    ],
    [
      'a paid online order',
      { paymentMode: 'ONLINE', paymentStatus: 'Paid', deliveryStatus: 'Processing' },
      'Thank you! Your order is placed.',
      'Nothing is due: your payment of Rs 1,598 is received.',
    ],
    [
      'a delivered, paid online order',
      { paymentMode: 'ONLINE', paymentStatus: 'Paid', deliveryStatus: 'Delivered' },
      'Your order has been delivered.',
      'Nothing is due: your payment of Rs 1,598 is received.',
    ],
    [
      'a cancelled online order being refunded',
      { paymentMode: 'ONLINE', paymentStatus: 'Refund Initiated', deliveryStatus: 'Cancelled' },
      'This order is cancelled.',
      'Nothing is due. Your refund is initiated.',
    ],
    [
      'a cancelled online order refunded',
      { paymentMode: 'ONLINE', paymentStatus: 'Refunded', deliveryStatus: 'Cancelled' },
      'This order is cancelled.',
      'Nothing is due. Your refund has been made.',
    ],
  ])('%s', async (_what, overrides, title, due) => {
    server.order = makeOrder(overrides);
    renderAt('/order-confirmed/o1');
    expect(await screen.findByTestId('amount-due')).toHaveTextContent(due);
    expect(heading()).toHaveTextContent(title);
    // Cash is asked for only where it is due.
    expect(screen.queryAllByText(/ready to pay on delivery/)).toHaveLength(
      due.includes('ready to pay') ? 1 : 0,
    );
    expect(payNow()).not.toBeInTheDocument();
  });
});

describe('OrderConfirmation of an online order not paid yet', () => {
  it('right after placing, goes to the simulator’s payment page once', async () => {
    renderAt('/order-confirmed/o1', simulatorPayment);
    expect(await screen.findByText(PAYMENT_TEXTS.redirecting)).toBeInTheDocument();
    expect(goToSimulatorPage).toHaveBeenCalledTimes(1);
    expect(goToSimulatorPage).toHaveBeenCalledWith('order_AAAAAAAAAAAAAA');
    expect(heading()).toHaveTextContent('Your payment is pending. Your order is not confirmed yet.');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Pending');
  });

  it('back from a failed payment: says it failed and the order is not confirmed, the time left and Pay now', async () => {
    server.order = { ...online, paymentStatus: 'Failed' };
    renderAt('/order-confirmed/o1?payment=failed&razorpay_order_id=order_AAAAAAAAAAAAAA');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your payment failed. Your order is not confirmed.',
    );
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('amount-due')).not.toBeInTheDocument();
    expect(screen.getByText('Pay Rs 1,598 to confirm your order.')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left to pay' })).toHaveTextContent('24:07');
    expect(
      screen.getByText(
        `An online order that is not paid within 30 minutes of placing it is cancelled automatically, this one at ${formatPayBy(payBy)}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Failed');
    // The address bar drops the values; a reload reads the order from the server.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-confirmed\/o1$/);

    await userEvent.click(payNow() as HTMLElement);
    await waitFor(() => expect(goToSimulatorPage).toHaveBeenCalledWith('order_AAAAAAAAAAAAAA'));
    expect(server.payCalls).toBe(1);
    expect(screen.getByText(PAYMENT_TEXTS.redirecting)).toBeInTheDocument();
    expect(server.verifyCalls).toEqual([]);
  });

  it('says the payment failed even before the provider’s word reached the order', async () => {
    renderAt('/order-confirmed/o1?payment=failed&razorpay_order_id=order_AAAAAAAAAAAAAA');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your payment failed. Your order is not confirmed.',
    );
    expect(payNow()).toBeEnabled();
  });

  it('opened later (no payment in hand): pending, Pay now, and nothing opened by itself', async () => {
    renderAt('/order-confirmed/o1');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your payment is pending. Your order is not confirmed yet.',
    );
    expect(payNow()).toBeEnabled();
    expect(goToSimulatorPage).not.toHaveBeenCalled();
    expect(server.payCalls).toBe(0);
  });

  it('opened with ?pay (My Orders’ Pay now): asks the server for the payment and opens it at once', async () => {
    server.order = { ...online, paymentStatus: 'Failed' };
    renderAt('/order-confirmed/o1?pay');
    await waitFor(() => expect(goToSimulatorPage).toHaveBeenCalledWith('order_AAAAAAAAAAAAAA'));
    expect(goToSimulatorPage).toHaveBeenCalledTimes(1);
    expect(server.payCalls).toBe(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-confirmed\/o1$/);
  });

  it('once the 30 minutes have run out: says the order is being cancelled, and offers no Pay now', async () => {
    vi.setSystemTime(new Date(payBy.getTime() + MINUTE));
    renderAt('/order-confirmed/o1');
    expect(await screen.findByText(PAYMENT_TEXTS.timeUp)).toBeInTheDocument();
    expect(payNow()).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('Pay now refused by the server (paid meanwhile): shows its message and reads the order again', async () => {
    server.pay = { status: 409, body: { message: ORDER_MESSAGES.nothingToPay, code: 'NOTHING_TO_PAY' } };
    renderAt('/order-confirmed/o1');
    server.order = paidOrder;
    await userEvent.click((await screen.findByRole('button', { name: PAYMENT_TEXTS.payNow })) as HTMLElement);
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.nothingToPay);
    await waitFor(() => expect(heading()).toHaveTextContent('Thank you! Your order is placed.'));
    expect(payNow()).not.toBeInTheDocument();
    expect(goToSimulatorPage).not.toHaveBeenCalled();
  });
});

describe('OrderConfirmation back from paying', () => {
  it('verifies the signed result, then thanks and says nothing is due; the address drops the values', async () => {
    renderAt(
      '/order-confirmed/o1?razorpay_order_id=order_A&razorpay_payment_id=pay_B&razorpay_signature=abc',
    );
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Paid'));
    expect(heading()).toHaveTextContent('Thank you! Your order is placed.');
    expect(screen.getByTestId('amount-due')).toHaveTextContent(
      'Nothing is due: your payment of Rs 1,598 is received.',
    );
    expect(server.verifyCalls).toEqual([
      { orderId: 'o1', providerOrderId: 'order_A', paymentId: 'pay_B', signature: 'abc' },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-confirmed\/o1$/);
    expect(goToSimulatorPage).not.toHaveBeenCalled();
  });

  it('an order that expired meanwhile: shows the server’s refund message', async () => {
    server.verify = {
      status: 409,
      body: { message: PAYMENT_MESSAGES.refundedExpired, code: 'PAYMENT_REFUNDED' },
    };
    renderAt(
      '/order-confirmed/o1?razorpay_order_id=order_A&razorpay_payment_id=pay_B&razorpay_signature=abc',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.refundedExpired);
  });
});

describe('OrderConfirmation with Razorpay', () => {
  it('opens Checkout for the order and verifies its result; closing it says so, and Pay now opens it again', async () => {
    const opened: Record<string, unknown>[] = [];
    window.Razorpay = class {
      constructor(readonly options: Record<string, unknown>) {
        opened.push(options);
      }
      open() {}
    } as unknown as NonNullable<typeof window.Razorpay>;
    const razorpay: OrderPayment = { ...simulatorPayment, provider: 'razorpay', keyId: 'rzp_live_key' };
    server.pay = { status: 200, body: { order: online, payment: razorpay } };
    renderAt('/order-confirmed/o1', razorpay);
    await waitFor(() => expect(opened).toHaveLength(1));
    const options = opened[0] as {
      handler: (r: object) => void;
      modal: { ondismiss: () => void };
    } & Record<string, unknown>;
    expect(options).toMatchObject({
      key: 'rzp_live_key',
      amount: 159800,
      currency: 'INR',
      order_id: 'order_AAAAAAAAAAAAAA',
      description: `Order ${online.orderNumber}`,
      prefill: { name: 'Meera Iyer', contact: '9876543210' },
    });

    options.modal.ondismiss();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_TEXTS.closed);
    expect(heading()).toHaveTextContent('Your payment is pending. Your order is not confirmed yet.');
    await userEvent.click(payNow() as HTMLElement);
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(server.payCalls).toBe(1);

    (opened[1] as typeof options).handler({
      razorpay_order_id: 'order_AAAAAAAAAAAAAA',
      razorpay_payment_id: 'pay_C',
      razorpay_signature: 'sig',
    });
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Paid'));
    expect(server.verifyCalls).toEqual([
      { orderId: 'o1', providerOrderId: 'order_AAAAAAAAAAAAAA', paymentId: 'pay_C', signature: 'sig' },
    ]);
  });
});
