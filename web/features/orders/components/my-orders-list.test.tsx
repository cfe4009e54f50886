import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import type { Order } from '../../../../common/schemas/order';
import { makeOrder } from '../testing';
import { MyOrdersList } from './my-orders-list';

afterEach(() => vi.unstubAllGlobals());

/** Delivered an hour ago, so a return is open. */
function deliveredOrder(): Order {
  const deliveredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const order = makeOrder();
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

/** Stubs fetch: My Orders answers `orders`, and after an accepted return request `ordersAfter`. */
function stubApi(orders: Order[], returnReply: { status: number; body: unknown }, ordersAfter = orders) {
  const posts: { url: string; body: unknown }[] = [];
  let current = orders;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === API.users.csrf) return Response.json({ csrfToken: 't' });
      if (url.startsWith(API.order.mine)) return Response.json({ orders: current, page: 1, pages: 1 });
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        if (returnReply.status === 201) current = ordersAfter;
        return Response.json(returnReply.body, { status: returnReply.status });
      }
      throw new Error(`Unexpected call ${url}`);
    }),
  );
  return posts;
}

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MyOrdersList page={1} onPageChange={() => {}} />
        <ToastContainer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MyOrdersList', () => {
  it('links to the archive, also when there are no current orders', async () => {
    stubApi([], { status: 500, body: {} });
    renderList();
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View archived orders' })).toHaveAttribute(
      'href',
      '/archivedorders',
    );
  });

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
    const posts = stubApi([order], { status: 201, body: { order: answered, returnRequest } }, [answered]);
    renderList();
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    await userEvent.click(
      within(card).getByRole('button', { name: `Request a return for order ${order.orderNumber}` }),
    );
    await userEvent.type(within(card).getByLabelText('Reason for the return'), 'The size runs small.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send return request' }));

    expect(
      await screen.findByText(`Your return request for order ${order.orderNumber} has been sent.`),
    ).toBeInTheDocument();
    expect(posts).toEqual([
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
    stubApi([order], {
      status: 409,
      body: {
        message: 'A return has already been requested for this order.',
        code: 'RETURN_ALREADY_REQUESTED',
      },
    });
    renderList();
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
