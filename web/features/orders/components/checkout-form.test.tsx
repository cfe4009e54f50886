import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import type { Address } from '../../../../common/schemas/address';
import { mockApi, type Reply, renderWithApp, type Sent } from '../../../testing/render-with-app';
import { orderKeys } from '../api/keys';
import { makeOrder } from '../testing';
import { CHECKOUT_TEXTS, ORDER_SEND_ERROR_TOAST, PLACE_ORDER_MESSAGES } from '../texts';
import { type AddressEditor, CheckoutForm, type CheckoutLine } from './checkout-form';

const address: Address = {
  _id: 'a1',
  name: 'Meera Iyer',
  phone: '9876543210',
  addressLine1: '14 Marine Drive',
  addressLine2: '',
  addressLine3: '',
  pincode: '400020',
  district: 'Mumbai',
  state: 'Maharashtra',
  country: 'India',
  isDefault: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const saved: Address = { ...address, _id: 'a2', name: 'Kabir Shah', isDefault: false, pincode: '560001' };

/**
 * Stands in for the address feature's form (the route renders the real one): a form of its own with
 * a field, and Save (Enter in the field too) handing back `saved`, or the edited address renamed.
 */
function FakeAddressForm({ address: editing, onSaved, onCancel }: AddressEditor) {
  return (
    <form
      aria-label={editing ? `Editing ${editing.name}` : 'New address'}
      onSubmit={(event) => {
        event.preventDefault();
        onSaved(editing ? { ...editing, name: `${editing.name} (edited)` } : saved);
      }}
    >
      <label>
        Full name
        <input defaultValue={editing?.name ?? ''} />
      </label>
      <button type="submit">Save address</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

const line: CheckoutLine = {
  productId: 'p1',
  name: 'Chanderi Kurta',
  image: '/images/products/kurta.webp',
  price: 799,
  quantity: 1,
  selectedColor: 'Indigo',
  selectedSize: 'M',
  isRefundable: true,
};

/** Answers POST /api/order with the given replies in turn (then the last again); answers those calls. */
function stubOrderApi(...replies: Reply[]) {
  const orderCalls: ({ body: unknown } & Sent)[] = [];
  mockApi({
    [`POST ${API.order.place}`]: (body, sent) => {
      orderCalls.push({ body, ...sent });
      return replies[Math.min(orderCalls.length - 1, replies.length - 1)] as Reply;
    },
  });
  return orderCalls;
}

function renderForm(overrides: Partial<Parameters<typeof CheckoutForm>[0]> = {}) {
  const onPlaced = vi.fn();
  const onPriceChanged = vi.fn();
  const form = (props: Partial<Parameters<typeof CheckoutForm>[0]>) => (
    <CheckoutForm
      lines={[line]}
      addresses={{ status: 'ready', addresses: [address] }}
      addressId="a1"
      onAddressChange={vi.fn()}
      orderNotes="Please call first"
      onOrderNotesChange={vi.fn()}
      shipping={{ feeRupees: 49, freeFromRupees: 999, taxPercent: 0 }}
      onPlaced={onPlaced}
      onPriceChanged={onPriceChanged}
      addressForm={(editor) => <FakeAddressForm {...editor} />}
      {...props}
    />
  );
  const { rerender, queryClient } = renderWithApp(form(overrides), { extra: <ToastContainer /> });
  const setProps = (props: Partial<Parameters<typeof CheckoutForm>[0]>) =>
    rerender(form({ ...overrides, ...props }));
  return { onPlaced, onPriceChanged, setProps, queryClient };
}

const placeOrder = () => userEvent.click(screen.getByRole('button', { name: 'Place order' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CheckoutForm: the answer to Place order → SPEC.md §8 text in the modal, and the toast', () => {
  const cases: [string, Reply, string][] = [
    ['400', { status: 400, body: { message: 'A colour is not available.' } }, PLACE_ORDER_MESSAGES.invalid],
    ['401', { status: 401, body: { message: 'Please sign in.' } }, PLACE_ORDER_MESSAGES.unauthorized],
    ['500', { status: 500, body: { message: 'Something went wrong.' } }, PLACE_ORDER_MESSAGES.serverError],
    [
      'another status with a server message',
      { status: 409, body: { message: 'This order is being placed already.' } },
      'Error: This order is being placed already.',
    ],
    [
      'another status without a message',
      { status: 503, statusText: 'Service Unavailable', body: 'down' },
      'Unexpected response: Service Unavailable',
    ],
    [
      'another status without a message or status text',
      { status: 418 },
      'Error: An unexpected error occurred.',
    ],
    ['no response', 'network-error', PLACE_ORDER_MESSAGES.noResponse],
    [
      'a success that is not an order',
      { status: 201, body: { ok: true } },
      'Error placing order: The server’s answer was not an order.',
    ],
  ];

  it.each(cases)('%s', async (_name, reply, text) => {
    stubOrderApi(reply);
    const { onPlaced } = renderForm();
    await placeOrder();
    const dialog = await screen.findByRole('dialog', { name: 'Order' });
    expect(within(dialog).getByText(text, { exact: true })).toBeInTheDocument();
    expect(await screen.findByText(ORDER_SEND_ERROR_TOAST)).toBeInTheDocument();
    expect(onPlaced).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('PRICE_CHANGED shows the 400 text and refreshes the cart prices once the modal closes', async () => {
    stubOrderApi({
      status: 400,
      body: { message: 'Prices changed.', code: 'PRICE_CHANGED', prices: [] },
    });
    const { onPriceChanged } = renderForm();
    await placeOrder();
    const dialog = await screen.findByRole('dialog', { name: 'Order' });
    expect(dialog).toHaveTextContent(PLACE_ORDER_MESSAGES.invalid);
    expect(onPriceChanged).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onPriceChanged).toHaveBeenCalledTimes(1);
  });

  it('a plain 400 does not refresh the prices', async () => {
    stubOrderApi({ status: 400, body: { message: 'x', code: 'OUT_OF_STOCK' } });
    const { onPriceChanged } = renderForm();
    await placeOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onPriceChanged).not.toHaveBeenCalled();
  });
});

describe('CheckoutForm: placing', () => {
  it('sends SPEC.md §3’s payload with an Idempotency-Key and hands the 201 order over', async () => {
    const order = makeOrder();
    const calls = stubOrderApi({ status: 201, body: { order, payment: null } });
    const { onPlaced } = renderForm();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('Rs 848');
    await placeOrder();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith({ order, payment: null }));
    expect(calls[0]?.body).toEqual({
      addressId: 'a1',
      cartItems: [
        {
          productId: 'p1',
          quantity: 1,
          price: 799,
          selectedColor: 'Indigo',
          selectedSize: 'M',
          isRefundable: true,
        },
      ],
      orderNotes: 'Please call first',
      paymentMode: 'COD',
    });
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries the same attempt with the same key, and a changed cart with a new one', async () => {
    const calls = stubOrderApi('network-error');
    const { setProps } = renderForm();
    const key = (i: number) => calls[i]?.headers.get('Idempotency-Key');
    for (let attempt = 0; attempt < 2; attempt++) {
      await placeOrder();
      await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    }
    expect(calls).toHaveLength(2);
    expect(key(1)).toBe(key(0));
    setProps({ lines: [{ ...line, quantity: 2 }] });
    await placeOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(calls).toHaveLength(3);
    expect(key(2)).not.toBe(key(0));
  });

  it('asks for an address instead of sending an order without one', async () => {
    const calls = stubOrderApi({ status: 201, body: {} });
    renderForm({ addressId: '', addresses: { status: 'ready', addresses: [] } });
    // No address yet: the form to add one is open in place.
    expect(screen.getByText(CHECKOUT_TEXTS.noAddress)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
    await placeOrder();
    expect(screen.getByText('Please choose a delivery address first.')).toBeVisible();
    // Focus goes to the address form's first field, and the live summary reads the message out.
    expect(screen.getByRole('form', { name: 'New address' }).querySelector('input')).toHaveFocus();
    expect(screen.getByText(/There is 1 problem to fix:/)).toHaveTextContent(
      'Please choose a delivery address first.',
    );
    expect(calls).toHaveLength(0);
  });

  it('offers cash on delivery, chosen first, and online payment', () => {
    stubOrderApi({ status: 201, body: {} });
    renderForm();
    const cod = screen.getByRole('radio', { name: /Cash on delivery/ });
    expect(cod).toBeChecked();
    expect(cod).toHaveAccessibleDescription(CHECKOUT_TEXTS.codNote);
    const online = screen.getByRole('radio', { name: /Pay online/ });
    expect(online).toBeEnabled();
    expect(online).not.toBeChecked();
    expect(online).toHaveAccessibleDescription(CHECKOUT_TEXTS.onlineNote);
  });

  it('Pay online sends paymentMode ONLINE and keeps the payment to open for the confirmation page', async () => {
    const order = makeOrder({ paymentMode: 'ONLINE', deliveryStatus: 'Pending' });
    const payment = {
      provider: 'simulator',
      providerOrderId: 'order_AAAAAAAAAAAAAA',
      amount: 1598,
      currency: 'INR',
      keyId: 'rzp_simulator',
    };
    const calls = stubOrderApi({ status: 201, body: { order, payment } });
    const { onPlaced, queryClient } = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: /Pay online/ }));
    expect(screen.getByRole('radio', { name: /Pay online/ })).toBeChecked();
    await placeOrder();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith({ order, payment }));
    expect(calls[0]?.body).toMatchObject({ paymentMode: 'ONLINE' });
    expect(queryClient.getQueryData(orderKeys.payment('o1'))).toEqual(payment);
  });
});

describe('CheckoutForm: addresses added and edited inside checkout', () => {
  it('opens the address form in place; a saved address is chosen, listed and focused', async () => {
    stubOrderApi({ status: 201, body: {} });
    const onAddressChange = vi.fn();
    const { setProps } = renderForm({ onAddressChange });
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Meera Iyer' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onAddressChange).toHaveBeenCalledWith('a2');
    // The route chooses it and the list reloads with it.
    setProps({
      onAddressChange,
      addressId: 'a2',
      addresses: { status: 'ready', addresses: [address, saved] },
    });
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    const choice = screen.getByRole('radio', { name: 'Kabir Shah' });
    expect(choice).toBeChecked();
    await waitFor(() => expect(choice).toHaveFocus());
  });

  it('edits an address in place, and Cancel goes back to the list', async () => {
    stubOrderApi({ status: 201, body: {} });
    const onAddressChange = vi.fn();
    renderForm({ onAddressChange });
    await userEvent.click(screen.getByRole('button', { name: 'Edit the address of Meera Iyer' }));
    expect(screen.getByRole('form', { name: 'Editing Meera Iyer' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Editing Meera Iyer' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Meera Iyer' })).toBeChecked();
    expect(onAddressChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Edit the address of Meera Iyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onAddressChange).toHaveBeenCalledWith('a1');
  });

  it('Enter in an address field saves the address and never places the order', async () => {
    const calls = stubOrderApi({ status: 201, body: { order: makeOrder(), payment: null } });
    const onAddressChange = vi.fn();
    const { onPlaced } = renderForm({ onAddressChange });
    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    await userEvent.type(screen.getByLabelText('Full name'), 'Kabir{Enter}');
    expect(onAddressChange).toHaveBeenCalledWith('a2');
    expect(calls).toHaveLength(0);
    expect(onPlaced).not.toHaveBeenCalled();
    // The address form is not inside the order's form.
    expect(document.querySelector('form form')).toBeNull();
  });
});
