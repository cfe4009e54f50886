import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CANCEL_WINDOW_MS } from '../../../../common/constants';
import type { DeliveryStatus } from '../../../../common/schemas/order';
import { makeOrder } from '../testing';
import { OrderCard } from './order-card';

const placedAt = Date.parse('2026-11-22T06:00:00.000Z');
const at = (ms: number) => new Date(placedAt + ms);
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel order PNV-20261122-0001' });

function renderCard(now: Date, deliveryStatus: DeliveryStatus = 'Pending') {
  const onCancel = vi.fn(async () => {});
  render(
    <OrderCard order={makeOrder({ deliveryStatus })} now={now} onCancel={onCancel} cancelling={false} />,
  );
  return onCancel;
}

describe('OrderCard: Cancel is offered only while the order may be cancelled (fixed clock)', () => {
  it('is offered right after placing', () => {
    renderCard(at(0));
    expect(cancelButton()).toBeInTheDocument();
  });

  it('is still offered at the 6-hour edge (the server allows it too)', () => {
    renderCard(at(CANCEL_WINDOW_MS));
    expect(cancelButton()).toBeInTheDocument();
  });

  it('is gone one millisecond after 6 hours', () => {
    renderCard(at(CANCEL_WINDOW_MS + 1));
    expect(cancelButton()).not.toBeInTheDocument();
  });

  it.each<DeliveryStatus>(['Shipped', 'Out for Delivery', 'Delivered', 'Cancelled', 'Failed'])(
    'is not offered once %s, even inside the window',
    (status) => {
      renderCard(at(60_000), status);
      expect(cancelButton()).not.toBeInTheDocument();
    },
  );

  it('is offered while Processing', () => {
    renderCard(at(60_000), 'Processing');
    expect(cancelButton()).toBeInTheDocument();
  });

  it('asks first, and cancels only on yes', async () => {
    const onCancel = renderCard(at(60_000));
    await userEvent.click(cancelButton() as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(cancelButton() as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ _id: 'o1' }));
  });
});

describe('OrderCard: what it shows', () => {
  it('shows items, totals, address, payment, delivery status and the timeline', () => {
    renderCard(at(0));
    const card = screen.getByRole('article', { name: 'Order PNV-20261122-0001' });
    expect(card).toHaveTextContent('Chanderi Kurta');
    expect(card).toHaveTextContent('2 × Rs 799');
    expect(card).toHaveTextContent('Rs 1,598');
    expect(card).toHaveTextContent('14 Marine Drive');
    expect(card).toHaveTextContent('Cash on delivery · Pending');
    expect(screen.getByTestId('delivery-status')).toHaveTextContent('Pending');
    expect(screen.getByRole('heading', { name: 'Status history' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Order placed.');
  });
});
