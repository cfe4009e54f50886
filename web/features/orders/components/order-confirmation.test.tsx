import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderPayment } from '../../../../common/schemas/order';
import { PAYMENT_MESSAGES } from '../../../../common/schemas/payment';
import { useOrder } from '../api/get-order';
import { orderKeys } from '../api/keys';
import { goToSimulatorPage } from '../lib/open-payment';
import { makeOrder } from '../testing';
import { CONFIRMATION_TEXTS, PAYMENT_TEXTS } from '../texts';
import { OrderConfirmation } from './order-confirmation';

// Leaving the app for the simulator's page is the one thing jsdom cannot do; the test sees the call.
vi.mock('../lib/open-payment', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/open-payment')>()),
  goToSimulatorPage: vi.fn(),
}));

const online = makeOrder({ paymentMode: 'ONLINE', paymentStatus: 'Pending', deliveryStatus: 'Pending' });
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
}
let server: Server;

beforeEach(() => {
  server = { order: online, verify: { status: 200, body: { order: paidOrder } }, verifyCalls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/users/dancingcable') return Response.json({ csrfToken: 't' });
      if (url === '/api/order/o1' && (init.method ?? 'GET') === 'GET') return Response.json(server.order);
      if (url === '/api/payments/verify' && init.method === 'POST') {
        server.verifyCalls.push(JSON.parse(String(init.body)));
        if (server.verify.status === 200) server.order = paidOrder;
        return new Response(JSON.stringify(server.verify.body), { status: server.verify.status });
      }
      throw new Error(`Unexpected call ${init.method ?? 'GET'} ${url}`);
    }),
  );
});
afterEach(() => {
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

function renderAt(url: string, cachedPayment?: OrderPayment) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(orderKeys.one('o1'), server.order);
  if (cachedPayment) queryClient.setQueryData(orderKeys.payment('o1'), cachedPayment);
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/order-confirmed/:id" element={<Page />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('OrderConfirmation of a cash-on-delivery order', () => {
  it('says what to pay on delivery and shows no online payment', async () => {
    server.order = makeOrder();
    renderAt('/order-confirmed/o1');
    expect(await screen.findByText(CONFIRMATION_TEXTS.codNote('Rs 1,598'))).toBeInTheDocument();
    expect(screen.queryByTestId('payment-status')).not.toBeInTheDocument();
  });
});

describe('OrderConfirmation of an online order', () => {
  it('right after placing, goes to the simulator’s payment page once', async () => {
    renderAt('/order-confirmed/o1', simulatorPayment);
    expect(await screen.findByText(PAYMENT_TEXTS.redirecting)).toBeInTheDocument();
    expect(goToSimulatorPage).toHaveBeenCalledTimes(1);
    expect(goToSimulatorPage).toHaveBeenCalledWith('order_AAAAAAAAAAAAAA');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Pending');
  });

  it('back from paying: verifies the signed result, shows Paid and drops the values from the address', async () => {
    renderAt(
      '/order-confirmed/o1?razorpay_order_id=order_A&razorpay_payment_id=pay_B&razorpay_signature=abc',
    );
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Paid'));
    expect(screen.getByText(PAYMENT_TEXTS.paid)).toBeInTheDocument();
    expect(server.verifyCalls).toEqual([
      { orderId: 'o1', providerOrderId: 'order_A', paymentId: 'pay_B', signature: 'abc' },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-confirmed\/o1$/);
    expect(goToSimulatorPage).not.toHaveBeenCalled();
  });

  it('back from paying an order that expired meanwhile: shows the server’s refund message', async () => {
    server.verify = {
      status: 409,
      body: { message: PAYMENT_MESSAGES.refundedExpired, code: 'PAYMENT_REFUNDED' },
    };
    renderAt(
      '/order-confirmed/o1?razorpay_order_id=order_A&razorpay_payment_id=pay_B&razorpay_signature=abc',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.refundedExpired);
  });

  it('back from a failed payment: says so, that the order waits for payment, and offers to try again', async () => {
    server.order = { ...online, paymentStatus: 'Failed' };
    renderAt('/order-confirmed/o1?payment=failed&razorpay_order_id=order_AAAAAAAAAAAAAA');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_TEXTS.failedTitle);
    expect(alert).toHaveTextContent(`${PAYMENT_TEXTS.waiting} ${PAYMENT_TEXTS.expiryNote}`);
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment: Failed');
    await userEvent.click(within(alert).getByRole('button', { name: PAYMENT_TEXTS.tryAgain }));
    expect(goToSimulatorPage).toHaveBeenCalledWith('order_AAAAAAAAAAAAAA');
    expect(server.verifyCalls).toEqual([]);
  });

  it('opened later (no payment in hand): says it waits for payment, and opens nothing', async () => {
    renderAt('/order-confirmed/o1');
    expect(
      await screen.findByText(`${PAYMENT_TEXTS.waiting} ${PAYMENT_TEXTS.expiryNote}`),
    ).toBeInTheDocument();
    expect(goToSimulatorPage).not.toHaveBeenCalled();
  });

  it('with Razorpay: opens Checkout for the order, verifies its result; closing it says so and offers it again', async () => {
    const opened: Record<string, unknown>[] = [];
    window.Razorpay = class {
      constructor(readonly options: Record<string, unknown>) {
        opened.push(options);
      }
      open() {}
    } as unknown as NonNullable<typeof window.Razorpay>;
    renderAt('/order-confirmed/o1', { ...simulatorPayment, provider: 'razorpay', keyId: 'rzp_live_key' });
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
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_TEXTS.closedTitle);
    await userEvent.click(within(alert).getByRole('button', { name: PAYMENT_TEXTS.tryAgain }));
    await waitFor(() => expect(opened).toHaveLength(2));

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
