import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { AdminOrder } from '../../../common/schemas/admin-orders';
import type { StaffRole } from '../../../common/staff';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import OrderPage, { ORDER_TEXTS } from './order';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '7c1a0e4e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';

const ORDER: AdminOrder = {
  _id: ID,
  orderNumber: 'PNV-2611-7K3Q9',
  orderTimestamp: '2026-11-24T10:00:00.000Z',
  items: [
    {
      productId: 'p1',
      name: 'Cotton Kurta',
      image: '/images/kurta.webp',
      quantity: 2,
      price: 600,
      selectedColor: 'White',
      selectedSize: 'M',
      isRefundable: true,
    },
  ],
  itemsPrice: 1200,
  shippingPrice: 49,
  taxPrice: 0,
  discount: 0,
  totalPrice: 1249,
  paymentMode: 'ONLINE',
  paymentStatus: 'Paid',
  deliveryStatus: 'Processing',
  address: {
    _id: 'a1',
    name: 'Asha Verma',
    phone: '9876543210',
    addressLine1: '12 Rangoli Lane',
    addressLine2: '',
    addressLine3: '',
    pincode: '302001',
    district: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
  },
  orderNotes: '',
  history: [
    {
      at: '2026-11-24T10:00:00.000Z',
      deliveryStatus: 'Processing',
      paymentStatus: 'Paid',
      actor: 'system',
      note: 'Paid online.',
    },
  ],
  customer: { _id: 'c1', name: 'Asha Verma', email: 'asha@example.com', phone: null },
  notes: [],
  payment: {
    provider: 'simulator',
    providerOrderId: 'order_1',
    paymentId: 'pay_1',
    status: 'paid',
    amount: 1249,
  },
  shipment: null,
  refunds: [],
  refundable: 1249,
};

function renderOrder(role: StaffRole, handlers: Record<string, Handler> = {}, order = ORDER) {
  return renderScreen(<OrderPage />, {
    me: staffMe(role),
    path: `/orders/${ID}`,
    route: '/orders/:id',
    handlers: { [`GET ${API.admin.order(ID)}`]: () => ({ status: 200, body: { order } }), ...handlers },
  });
}

describe('the order screen', () => {
  it('shows the lines with their pictures, the customer, the timeline and the packing slip button', async () => {
    renderOrder('support');
    expect(await screen.findByRole('heading', { name: ORDER.orderNumber })).toBeInTheDocument();
    expect(screen.getByText('Cotton Kurta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/customers/c1');
    expect(screen.getByText('Paid online.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ORDER_TEXTS.print })).toBeInTheDocument();
  });

  it('hides cancel and refund from support, who may still ship', async () => {
    renderOrder('support');
    expect(await screen.findByRole('button', { name: ORDER_TEXTS.step.Shipped })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ORDER_TEXTS.refund })).toBeNull();
    expect(screen.queryByRole('button', { name: ORDER_TEXTS.cancel })).toBeNull();
  });

  it('a manager refunds after a confirmation that says how much goes back, and where', async () => {
    const { calls } = renderOrder('manager', {
      [`POST ${API.admin.orderRefund(ID)}`]: () => ({
        status: 200,
        body: { order: { ...ORDER, refundable: 149 } },
      }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: ORDER_TEXTS.refund });
    await user.type(within(form).getByLabelText(ORDER_TEXTS.amount), '1100');
    await user.type(within(form).getByLabelText(ORDER_TEXTS.reason), 'Late delivery');
    await user.click(within(form).getByRole('button', { name: ORDER_TEXTS.refund }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Refund ₹1,100 to the customer's card.")).toBeInTheDocument();
    expect(calls.some((call) => call.key === `POST ${API.admin.orderRefund(ID)}`)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹1,100' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${API.admin.orderRefund(ID)}`)?.body).toEqual({
        amount: 1100,
        reason: 'Late delivery',
      }),
    );
  });

  it('ships the order with one tap and shows where it went', async () => {
    const { calls } = renderOrder('support', {
      [`POST ${API.admin.orderStatus(ID)}`]: () => ({
        status: 200,
        body: {
          order: {
            ...ORDER,
            deliveryStatus: 'Shipped',
            shipment: { courier: 'Delhivery', awb: 'AWB1', status: 'Shipped' },
          },
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ORDER_TEXTS.step.Shipped }));
    expect(await screen.findByText(ORDER_TEXTS.awb('Delhivery', 'AWB1'))).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST ${API.admin.orderStatus(ID)}`)?.body).toEqual({
      deliveryStatus: 'Shipped',
    });
  });
});
