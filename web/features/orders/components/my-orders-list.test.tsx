import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { productImageUrl } from '../../../../common/images';
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

  it('shows each order as a compact card leading to the order in full', async () => {
    const order = deliveredOrder();
    stubApi([order], { status: 500, body: {} });
    renderList();
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    expect(card).toHaveTextContent('Rs 1,598');
    expect(within(card).getByTestId('delivery-status')).toHaveTextContent('Delivered');
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      productImageUrl(order.items[0]?.image ?? '', 'sm'),
    );
    expect(within(card).getByRole('link', { name: `View order ${order.orderNumber}` })).toHaveAttribute(
      'href',
      `/order-confirmed/${order._id}`,
    );
    // The address, the history and the actions are on the order's own page.
    expect(within(card).queryByText('Deliver to')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
