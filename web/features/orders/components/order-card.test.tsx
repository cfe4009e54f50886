import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CANCEL_WINDOW_MS, DAY, RETURN_WINDOW_MS } from '../../../../common/constants';
import { type DeliveryStatus, type Order, RETURN_MESSAGES } from '../../../../common/schemas/order';
import { renderWithApp } from '../../../testing/render-with-app';
import { makeOrder } from '../testing';
import { OrderCard } from './order-card';

const placedAt = Date.parse('2026-11-22T06:00:00.000Z');
const at = (ms: number) => new Date(placedAt + ms);
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel order PNV-20261122-0001' });

function renderCard(now: Date, deliveryStatus: DeliveryStatus = 'Pending', overrides: Partial<Order> = {}) {
  const onCancel = vi.fn(async () => {});
  renderWithApp(
    <OrderCard
      order={makeOrder({ deliveryStatus, ...overrides })}
      now={now}
      onCancel={onCancel}
      cancelling={false}
      onRequestReturn={async () => true}
      requestingReturn={false}
    />,
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

  it.each<[string, Partial<Order>, string]>([
    ['a cancelled cash-on-delivery order', { deliveryStatus: 'Cancelled' }, 'Cash on delivery · Nothing due'],
    [
      'a COD order that could not be delivered',
      { deliveryStatus: 'Failed' },
      'Cash on delivery · Nothing due',
    ],
    [
      'a cancelled online order never paid',
      { paymentMode: 'ONLINE', paymentStatus: 'Failed', deliveryStatus: 'Cancelled' },
      'Online payment · Nothing due',
    ],
    [
      'a cancelled online order being refunded',
      { paymentMode: 'ONLINE', paymentStatus: 'Refund Initiated', deliveryStatus: 'Cancelled' },
      'Online payment · Refund Initiated',
    ],
    [
      'a delivered COD order',
      { deliveryStatus: 'Delivered', paymentStatus: 'Paid' },
      'Cash on delivery · Paid',
    ],
  ])('says what is due for %s', (_what, overrides, text) => {
    renderCard(at(0), overrides.deliveryStatus, overrides);
    const card = screen.getByRole('article', { name: 'Order PNV-20261122-0001' });
    expect(card).toHaveTextContent(text);
    expect(card).not.toHaveTextContent(/· Pending/);
  });
});

describe('OrderCard: Request a return (fixed clock)', () => {
  const deliveredAt = Date.parse('2026-11-25T06:00:00.000Z');
  const afterDelivery = (ms: number) => new Date(deliveredAt + ms);
  const returnButton = () =>
    screen.queryByRole('button', { name: 'Request a return for order PNV-20261122-0001' });
  const earrings = {
    productId: 'p2',
    name: 'Jhumka Earrings',
    image: '/images/products/earrings.webp',
    quantity: 1,
    price: 299,
    selectedColor: 'Gold',
    selectedSize: 'Free Size',
    isRefundable: false,
  };

  function delivered(overrides: Partial<Order> = {}): Order {
    const order = makeOrder();
    return {
      ...order,
      items: [...order.items, earrings],
      deliveryStatus: 'Delivered',
      paymentStatus: 'Paid',
      history: [
        ...order.history,
        {
          at: new Date(deliveredAt).toISOString(),
          deliveryStatus: 'Delivered',
          paymentStatus: 'Paid',
          actor: 'system',
          note: 'Delivered.',
        },
      ],
      ...overrides,
    };
  }

  function renderDelivered(now: Date, order = delivered(), onRequestReturn = vi.fn(async () => true)) {
    renderWithApp(
      <OrderCard
        order={order}
        now={now}
        onCancel={async () => {}}
        cancelling={false}
        onRequestReturn={onRequestReturn}
        requestingReturn={false}
      />,
    );
    return onRequestReturn;
  }

  it('is offered up to exactly 7 days after delivery, with the last day named', () => {
    renderDelivered(afterDelivery(RETURN_WINDOW_MS));
    expect(returnButton()).toBeInTheDocument();
    expect(screen.getByText('Refundable items can be returned until 2 Dec 2026.')).toBeInTheDocument();
  });

  it('is gone one millisecond after 7 days', () => {
    renderDelivered(afterDelivery(RETURN_WINDOW_MS + 1));
    expect(returnButton()).not.toBeInTheDocument();
  });

  it('is not offered before delivery, without refundable items, or once requested', () => {
    renderDelivered(afterDelivery(0), delivered({ deliveryStatus: 'Out for Delivery' }));
    expect(returnButton()).not.toBeInTheDocument();
    cleanup();
    renderDelivered(afterDelivery(0), delivered({ items: [earrings] }));
    expect(returnButton()).not.toBeInTheDocument();
    cleanup();
    renderDelivered(
      afterDelivery(0),
      delivered({
        deliveryStatus: 'Return Requested',
        returnRequest: {
          _id: 'r1',
          status: 'Requested',
          reason: 'Too small.',
          items: [makeOrder().items[0] as Order['items'][number]],
          requestedAt: new Date(deliveredAt + 60_000).toISOString(),
        },
      }),
    );
    expect(returnButton()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Return request' })).toBeInTheDocument();
    expect(screen.getByTestId('return-status')).toHaveTextContent('Requested');
    expect(screen.getByText('Chanderi Kurta (Indigo, M)')).toBeInTheDocument();
    expect(screen.getByText('Too small.')).toBeInTheDocument();
    expect(screen.getByText('We will review your request and arrange a pick-up.')).toBeInTheDocument();
  });

  it('asks for a reason and at least one item, then sends the chosen refundable lines', async () => {
    const onRequestReturn = renderDelivered(afterDelivery(DAY));
    await userEvent.click(returnButton() as HTMLElement);
    const form = screen.getByRole('form', { name: 'Request a return' });
    const kurta = within(form).getByRole('checkbox', { name: 'Chanderi Kurta · Indigo · M' });
    const notReturnable = within(form).getByRole('checkbox', { name: /Jhumka Earrings/ });
    expect(kurta).toBeChecked();
    expect(notReturnable).toBeDisabled();
    expect(notReturnable).not.toBeChecked();
    expect(form).toHaveTextContent('(Not returnable)');

    await userEvent.click(kurta);
    await userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(form).toHaveTextContent(RETURN_MESSAGES.chooseItems);
    expect(form).toHaveTextContent(RETURN_MESSAGES.reason);
    expect(within(form).getByLabelText('Reason for the return')).toHaveAttribute('aria-invalid', 'true');
    expect(onRequestReturn).not.toHaveBeenCalled();

    await userEvent.click(kurta);
    await userEvent.type(within(form).getByLabelText('Reason for the return'), '  The size runs small. ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(onRequestReturn).toHaveBeenCalledWith(expect.objectContaining({ _id: 'o1' }), {
      reason: 'The size runs small.',
      items: [{ productId: 'p1', selectedColor: 'Indigo', selectedSize: 'M' }],
    });
    // Accepted: the form closes.
    expect(screen.queryByRole('form', { name: 'Request a return' })).not.toBeInTheDocument();
  });

  it('keeps the form open when the server refuses', async () => {
    renderDelivered(
      afterDelivery(DAY),
      delivered(),
      vi.fn(async () => false),
    );
    await userEvent.click(returnButton() as HTMLElement);
    await userEvent.type(screen.getByLabelText('Reason for the return'), 'Too small.');
    await userEvent.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(screen.getByRole('form', { name: 'Request a return' })).toBeInTheDocument();
  });
});

describe('OrderCard: "Review this product" on items the shopper received', () => {
  const reviewLink = () => screen.queryByRole('link', { name: 'Review this product: Chanderi Kurta' });

  it.each<DeliveryStatus>(['Delivered', 'Returned'])(
    'links each item of a %s order to its review form',
    (status) => {
      renderCard(at(0), status);
      expect(reviewLink()).toHaveAttribute('href', '/product/p1#write-review');
      cleanup();
    },
  );

  it.each<DeliveryStatus>(['Pending', 'Shipped', 'Cancelled'])(
    'offers no review before delivery (%s)',
    (status) => {
      renderCard(at(0), status);
      expect(reviewLink()).not.toBeInTheDocument();
      cleanup();
    },
  );
});
