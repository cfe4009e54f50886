import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import type { Address } from '../../../../common/schemas/address';
import { type Handler, mockApi, type Reply, renderWithApp } from '../../../testing/render-with-app';
import { stateForPincode } from '../lib/pincode-states';
import { ADDRESS_TEXTS } from '../texts';
import { AddressForm } from './address-form';

const stored: Address = {
  _id: '5b0c7c2e-8f43-4d7e-9a43-0f6f0d1c2a11',
  name: 'Asha Verma',
  phone: '9876543210',
  addressLine1: '12 Rangoli Lane',
  addressLine2: '',
  addressLine3: '',
  pincode: '302001',
  district: 'Jaipur',
  state: 'Rajasthan',
  country: 'India',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The CSRF call answers a new token each time; a save (create or update) answers `save`. */
function mockSave(save: Handler) {
  let tokens = 0;
  return mockApi({
    [`GET ${API.users.csrf}`]: () => {
      tokens += 1;
      return { status: 200, body: { csrfToken: `token-${tokens}` } };
    },
    [`POST ${API.address.collection}`]: save,
    [`PUT ${API.address.one(stored._id)}`]: save,
  }).calls;
}

function renderForm(
  address?: Address,
  handlers: { onSaved?: (saved: Address) => void; onCancel?: () => void } = {},
) {
  return renderWithApp(
    [
      { path: '/address', element: <p>Address list page</p> },
      { path: '/address/form', element: <AddressForm address={address} {...handlers} /> },
    ],
    { path: '/address/form' },
  ).router;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const F = ADDRESS_TEXTS.fields;

function fillValid() {
  fill(F.name, '  Asha\u0000 Verma ');
  fill(F.phone, '98765 43210');
  fill(F.addressLine1, ' 12 Rangoli Lane\n');
  fill(F.pincode, '302001');
  fill(F.district, 'Jaipur');
}
const save = () => fireEvent.click(screen.getByRole('button', { name: ADDRESS_TEXTS.save }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddressForm', () => {
  it('sends phone and pincode as base-10 integers and sanitised text, after a fresh CSRF token; then goes to /address', async () => {
    const calls = mockSave(() => ({ status: 201, body: { address: stored } }));
    const router = renderForm();
    fillValid();
    // The pincode filled the state from the bundled prefix map.
    expect(screen.getByLabelText(F.state)).toHaveValue('Rajasthan');
    save();
    expect(await screen.findByText('Address list page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/address');
    expect(calls.map((c) => c.key)).toEqual([`GET ${API.users.csrf}`, `POST ${API.address.collection}`]);
    expect(calls[1]?.headers.get('X-CSRF-Token')).toBe('token-1');
    expect(calls[1]?.body).toEqual({
      name: 'Asha Verma',
      phone: 9876543210,
      addressLine1: '12 Rangoli Lane',
      addressLine2: '',
      addressLine3: '',
      pincode: 302001,
      district: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
    });
  });

  it('parses a pincode with a leading zero as its integer, and the server’s 422 lands on the fields', async () => {
    const calls = mockSave(() => ({
      status: 422,
      body: {
        message: 'Please correct the highlighted fields.',
        errors: [
          { path: 'pincode', msg: 'Enter a 6-digit pincode that does not start with 0.' },
          { path: 'state', msg: 'Choose an Indian state or union territory.' },
        ],
      },
    }));
    renderForm();
    fillValid();
    fill(F.pincode, '012345');
    fill(F.state, '');
    save();
    expect(
      await screen.findByText('Enter a 6-digit pincode that does not start with 0.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose an Indian state or union territory.')).toBeInTheDocument();
    expect(screen.getByLabelText(F.pincode)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(F.state)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls[1]?.body).toMatchObject({ pincode: 12345 });
  });

  it('shows a 401 with errors on the fields too', async () => {
    mockSave(() => ({
      status: 401,
      body: { message: 'x', errors: [{ path: 'phone', msg: 'Sign in again.' }] },
    }));
    renderForm();
    fillValid();
    save();
    expect(await screen.findByText('Sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText(F.phone)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each<[string, Reply, string]>([
    [
      'the sanitised server message',
      { status: 409, body: { message: '<b>You can keep</b> at most 20 addresses.\u0007' } },
      'You can keep at most 20 addresses.',
    ],
    ['"Something went wrong!" when the server gave no message', { status: 500 }, 'Something went wrong!'],
    ['"Couldn’t add the address" when the call got no answer', 'network-error', 'Couldn’t add the address'],
  ])('shows %s as the general error', async (_case, reply, text) => {
    mockSave(() => reply);
    const router = renderForm();
    fillValid();
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/address/form');
  });

  it('edits with PUT to the address’s id and keeps its values', async () => {
    const calls = mockSave(() => ({ status: 200, body: { address: stored } }));
    renderForm(stored);
    expect(screen.getByLabelText(F.phone)).toHaveValue('9876543210');
    expect(screen.queryByLabelText(ADDRESS_TEXTS.makeDefault)).not.toBeInTheDocument();
    fill(F.district, 'Jaipur City');
    save();
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(`PUT ${API.address.one(stored._id)}`));
    expect(calls.at(-1)?.body).toMatchObject({ phone: 9876543210, pincode: 302001, district: 'Jaipur City' });
    expect(await screen.findByText('Address list page')).toBeInTheDocument();
  });
});

describe('stateForPincode', () => {
  it('names the state of known prefixes and nothing for the rest', () => {
    expect(stateForPincode('110001')).toBe('Delhi');
    expect(stateForPincode('403001')).toBe('Goa');
    expect(stateForPincode('400001')).toBe('Maharashtra');
    expect(stateForPincode('560001')).toBe('Karnataka');
    expect(stateForPincode('160001')).toBeNull();
    expect(stateForPincode('11000')).toBeNull();
    expect(stateForPincode('012345')).toBeNull();
  });

  it('inside checkout: hands the saved address to onSaved and stays on the page; Cancel calls onCancel', async () => {
    mockSave(() => ({ status: 201, body: { address: stored } }));
    const onSaved = vi.fn();
    const onCancel = vi.fn();
    const router = renderForm(undefined, { onSaved, onCancel });
    fillValid();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(stored));
    expect(router.state.location.pathname).toBe('/address/form');
    fireEvent.click(screen.getByRole('button', { name: ADDRESS_TEXTS.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/address/form');
  });
});
