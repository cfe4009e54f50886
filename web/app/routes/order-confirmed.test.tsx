import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../common/schemas/order';
import { makeOrder } from '../../features/orders/testing';
import OrderConfirmedPage from './order-confirmed';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWithAnswer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status })),
  );
  const router = createMemoryRouter([{ path: '/order-confirmed/:id', element: <OrderConfirmedPage /> }], {
    initialEntries: ['/order-confirmed/8982c3a1-285b-4a7f-a470-f62951e026d5'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
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
    renderWithAnswer(200, makeOrder({ _id: '8982c3a1-285b-4a7f-a470-f62951e026d5', ...overrides }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(document.title).toBe(title);
  });

  it('says the order could not be loaded when the server fails', async () => {
    renderWithAnswer(500, { message: 'Something went wrong.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This order could not be loaded.');
  });
});
