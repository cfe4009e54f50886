import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { Order } from '../../../common/schemas/order';
import { makeOrder } from '../../features/orders/testing';
import { type Reply, renderWithApp } from '../../testing/render-with-app';
import OrderConfirmedPage from './order-confirmed';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = '8982c3a1-285b-4a7f-a470-f62951e026d5';
const routes = [{ path: '/order-confirmed/:id', element: <OrderConfirmedPage /> }];

function renderWithAnswer(status: number, body: unknown) {
  renderWithApp(routes, {
    path: `/order-confirmed/${ORDER_ID}`,
    api: { [`GET ${API.order.one(ORDER_ID)}`]: () => ({ status, body }) },
  });
}

describe('/order-confirmed/{id}', () => {
  it('says an order that no longer exists was cancelled unpaid, and leads to My Orders', async () => {
    renderWithAnswer(404, { message: 'Order not found.' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order no longer exists. An online order that is not paid within 30 minutes is cancelled; if a payment for it went through after that, it is refunded.',
    );
    expect(screen.getByRole('link', { name: 'View it in My Orders' })).toHaveAttribute('href', '/myorders');
  });

  it.each<[Partial<Order>, string, string]>([
    [{}, 'Order placed | Pehnava', 'Thank you! Your order is placed.'],
    [{ deliveryStatus: 'Cancelled' }, 'Order cancelled | Pehnava', 'This order is cancelled.'],
    [
      { deliveryStatus: 'Delivered', paymentStatus: 'Paid' },
      'Order delivered | Pehnava',
      'Your order has been delivered.',
    ],
    [
      { paymentMode: 'ONLINE', paymentStatus: 'Failed' },
      'Payment failed | Pehnava',
      'Your payment failed. Your order is not confirmed.',
    ],
    [
      { paymentMode: 'ONLINE', paymentStatus: 'Pending' },
      'Payment pending | Pehnava',
      'Your payment is pending. Your order is not confirmed yet.',
    ],
  ])('titles the page by the order’s state (%o)', async (overrides, title, heading) => {
    renderWithAnswer(200, makeOrder({ _id: ORDER_ID, ...overrides }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(document.title).toBe(title);
  });

  it('says the order could not be loaded when the server fails', async () => {
    renderWithAnswer(500, { message: 'Something went wrong.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This order could not be loaded.');
  });
});

/** Delivered an hour ago, so a return is open. */
function deliveredOrder(): Order {
  const deliveredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const order = makeOrder({ _id: ORDER_ID });
  return {
    ...order,
    deliveryStatus: 'Delivered',
    paymentStatus: 'Paid',
    history: [
      ...order.history,
      {
        at: deliveredAt,
        deliveryStatus: 'Delivered',
        paymentStatus: 'Paid',
        actor: 'system',
        note: 'Delivered.',
      },
    ],
  };
}

/**
 * The order's page, opened from My Orders: the order answers `order`, and after an accepted return
 * request `orderAfter`. Answers the return requests sent (URL and body).
 */
function renderOrderPage(order: Order, returnReply: Reply, orderAfter = order) {
  let current = order;
  const { api } = renderWithApp(routes, {
    path: `/order-confirmed/${order._id}`,
    extra: <ToastContainer />,
    api: {
      [`GET ${API.order.one(order._id)}`]: () => ({ status: 200, body: current }),
      [`POST ${API.order.return(order._id)}`]: () => {
        if (returnReply !== 'network-error' && returnReply.status === 201) current = orderAfter;
        return returnReply;
      },
    },
  });
  return () =>
    api.calls.filter((call) => call.key.startsWith('POST ')).map(({ url, body }) => ({ url, body }));
}

describe('/order-confirmed/{id}: the order in full, with its actions', () => {
  it('sends a return request and shows the order as Return Requested with the request', async () => {
    const order = deliveredOrder();
    const requestedAt = new Date().toISOString();
    const returnRequest = {
      _id: 'r1',
      status: 'Requested' as const,
      reason: 'The size runs small.',
      items: order.items,
      requestedAt,
    };
    const answered: Order = {
      ...order,
      deliveryStatus: 'Return Requested',
      history: [
        ...order.history,
        {
          at: requestedAt,
          deliveryStatus: 'Return Requested',
          paymentStatus: 'Paid',
          actor: 'customer',
          note: 'Return requested: The size runs small.',
        },
      ],
      returnRequest,
    };
    const posts = renderOrderPage(order, { status: 201, body: { order: answered, returnRequest } }, answered);
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    await userEvent.click(
      within(card).getByRole('button', { name: `Request a return for order ${order.orderNumber}` }),
    );
    await userEvent.type(within(card).getByLabelText('Reason for the return'), 'The size runs small.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send return request' }));

    expect(
      await screen.findByText(`Your return request for order ${order.orderNumber} has been sent.`),
    ).toBeInTheDocument();
    expect(posts()).toEqual([
      {
        url: API.order.return(order._id),
        body: {
          reason: 'The size runs small.',
          items: [{ productId: 'p1', selectedColor: 'Indigo', selectedSize: 'M' }],
        },
      },
    ]);
    expect(within(card).getByTestId('delivery-status')).toHaveTextContent('Return Requested');
    expect(within(card).getByTestId('return-status')).toHaveTextContent('Requested');
    expect(within(card).queryByRole('button', { name: /Request a return/ })).not.toBeInTheDocument();
  });

  it('shows the server’s reason in a toast when the return is refused', async () => {
    const order = deliveredOrder();
    renderOrderPage(order, {
      status: 409,
      body: {
        message: 'A return has already been requested for this order.',
        code: 'RETURN_ALREADY_REQUESTED',
      },
    });
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    await userEvent.click(
      within(card).getByRole('button', { name: `Request a return for order ${order.orderNumber}` }),
    );
    await userEvent.type(within(card).getByLabelText('Reason for the return'), 'Too small.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send return request' }));
    expect(
      await screen.findByText('A return has already been requested for this order.'),
    ).toBeInTheDocument();
  });
});
