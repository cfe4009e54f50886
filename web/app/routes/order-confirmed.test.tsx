import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('says the order could not be loaded when the server fails', async () => {
    renderWithAnswer(500, { message: 'Something went wrong.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This order could not be loaded.');
  });
});
