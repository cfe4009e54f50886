import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { productImageUrl } from '../../../../common/images';
import type { Order } from '../../../../common/schemas/order';
import { renderWithApp } from '../../../testing/render-with-app';
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

/** My Orders, answering `orders` on one page. */
function renderList(orders: Order[]) {
  renderWithApp(<MyOrdersList page={1} onPageChange={() => {}} />, {
    api: { [`GET ${API.order.mine}`]: () => ({ status: 200, body: { orders, page: 1, pages: 1 } }) },
  });
}

describe('MyOrdersList', () => {
  it('links to the archive, also when there are no current orders', async () => {
    renderList([]);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View archived orders' })).toHaveAttribute(
      'href',
      '/archivedorders',
    );
  });

  it('shows each order as a compact card leading to the order in full', async () => {
    const order = deliveredOrder();
    renderList([order]);
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
