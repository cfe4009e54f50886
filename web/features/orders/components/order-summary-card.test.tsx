import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../common/schemas/order';
import { renderWithApp } from '../../../testing/render-with-app';
import { makeOrder } from '../testing';
import { OrderSummaryCard } from './order-summary-card';

function renderCard(minutesAfterPlacing: number, overrides: Partial<Order> = {}) {
  const order = makeOrder(overrides);
  const now = new Date(Date.parse(order.orderTimestamp) + minutesAfterPlacing * 60_000);
  renderWithApp(<OrderSummaryCard order={order} now={now} />);
}

describe('OrderSummaryCard: an online order not paid yet', () => {
  const unpaid: Partial<Order> = { paymentMode: 'ONLINE', paymentStatus: 'Failed' };
  const payLink = () => screen.queryByRole('link', { name: 'Pay now for order PNV-20261122-0001' });

  it('says it is not confirmed and links to paying it, within its 30 minutes', () => {
    renderCard(5, unpaid);
    const card = screen.getByRole('article', { name: 'Order PNV-20261122-0001' });
    expect(card).toHaveTextContent(
      'Not confirmed until it is paid: an online order not paid within 30 minutes of placing it is cancelled.',
    );
    expect(card).toHaveTextContent('Online payment · Failed');
    expect(payLink()).toHaveAttribute('href', '/order-confirmed/o1?pay');
    expect(payLink()).toHaveTextContent('Pay now');
  });

  it('offers no payment once the 30 minutes are over, nor for a COD or a paid order', () => {
    renderCard(30, unpaid);
    expect(payLink()).not.toBeInTheDocument();
    cleanup();
    renderCard(1);
    expect(payLink()).not.toBeInTheDocument();
    cleanup();
    renderCard(1, { paymentMode: 'ONLINE', paymentStatus: 'Paid', deliveryStatus: 'Processing' });
    expect(payLink()).not.toBeInTheDocument();
  });
});
