import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { type Reply as ApiReply, type MockApi, renderWithApp } from '../../../testing/render-with-app';
import { deliveryDate } from '../lib/delivery-date';
import { SHIPPING_TEXTS } from '../texts';
import { DeliveryEstimate } from './delivery-estimate';
import { PincodeCheck } from './pincode-check';

type Reply = ApiReply | Promise<never>;

/** The serviceability answers by pincode; each test sets its own. */
let replies: Record<string, Reply> = {};
let fetchMock: MockApi['fetchMock'];
beforeEach(() => {
  replies = {};
});
afterEach(() => vi.unstubAllGlobals());

function renderWithQueries(ui: ReactNode) {
  const rendered = renderWithApp(ui, {
    api: {
      [`GET ${API.shipping.serviceability}`]: (_body, sent) => {
        const url = new URL(sent.url, 'http://shop.test');
        const reply = replies[url.searchParams.get('pincode') ?? ''];
        if (!reply) throw new Error(`No reply for ${url}`);
        return reply;
      },
    },
  });
  fetchMock = rendered.api.fetchMock;
  return rendered;
}

async function check(pincode: string) {
  const input = screen.getByLabelText(SHIPPING_TEXTS.pincodeLabel);
  await userEvent.clear(input);
  await userEvent.type(input, pincode);
  await userEvent.click(screen.getByRole('button', { name: SHIPPING_TEXTS.check }));
}

describe('PincodeCheck', () => {
  it('shows the delivery date and that cash on delivery is available', async () => {
    replies['400020'] = { status: 200, body: { serviceable: true, codAvailable: true, etaDays: 2 } };
    renderWithQueries(<PincodeCheck />);
    expect(screen.getByRole('heading', { name: 'Check delivery' })).toBeVisible();
    await check('400020');
    const expected = new Date();
    expected.setDate(expected.getDate() + 2);
    const date = expected.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
    expect(await screen.findByText(`Delivery by ${date}`)).toBeVisible();
    expect(date).toBe(deliveryDate(2));
    expect(screen.getByText('Cash on delivery available')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith(
      `${API.shipping.serviceability}?pincode=400020`,
      expect.anything(),
    );
  });

  it('says where cash on delivery is not available', async () => {
    replies['190001'] = { status: 200, body: { serviceable: true, codAvailable: false, etaDays: 7 } };
    renderWithQueries(<PincodeCheck />);
    await check('190001');
    expect(await screen.findByText('Cash on delivery is not available at this pincode')).toBeVisible();
    expect(screen.getByText(`Delivery by ${deliveryDate(7)}`)).toBeVisible();
  });

  it('says the courier does not deliver to an unserviceable pincode', async () => {
    replies['744101'] = { status: 200, body: { serviceable: false, codAvailable: false, etaDays: null } };
    renderWithQueries(<PincodeCheck />);
    await check('744101');
    expect(await screen.findByText('Sorry, we do not deliver to pincode 744101 yet.')).toBeVisible();
    expect(screen.queryByText(/^Delivery by/)).toBeNull();
  });

  it('refuses a malformed pincode without asking the server, and clears the message on typing', async () => {
    renderWithQueries(<PincodeCheck />);
    await check('012345');
    const input = screen.getByLabelText(SHIPPING_TEXTS.pincodeLabel);
    expect(screen.getByText('Enter a 6-digit pincode that does not start with 0.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a 6-digit pincode that does not start with 0.');
    await check('4000');
    expect(screen.getByText('Enter a 6-digit pincode that does not start with 0.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(input, '1');
    expect(screen.queryByText('Enter a 6-digit pincode that does not start with 0.')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows that it is checking while the answer is on its way', async () => {
    replies['560034'] = new Promise<never>(() => {});
    renderWithQueries(<PincodeCheck />);
    await check('560034');
    expect(await screen.findByRole('button', { name: 'Checking...' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Checking...');
  });

  it('shows the server’s words when the courier cannot be asked, and asks again on Check', async () => {
    replies['560034'] = {
      status: 503,
      body: { message: 'Delivery details could not be checked right now. Please try again in a moment.' },
    };
    renderWithQueries(<PincodeCheck />);
    await check('560034');
    expect(
      await screen.findByText(
        'Delivery details could not be checked right now. Please try again in a moment.',
      ),
    ).toBeVisible();
    replies['560034'] = { status: 200, body: { serviceable: true, codAvailable: true, etaDays: 2 } };
    await userEvent.click(screen.getByRole('button', { name: SHIPPING_TEXTS.check }));
    expect(await screen.findByText(`Delivery by ${deliveryDate(2)}`)).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks once more when a request gets no answer, then says to try again', async () => {
    replies['560034'] = 'network-error';
    renderWithQueries(<PincodeCheck />);
    await check('560034');
    // The one retry waits a second before it goes.
    expect(
      await screen.findByText(
        'Delivery details could not be checked. Please try again.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('DeliveryEstimate (checkout)', () => {
  it('shows the delivery date for the chosen address', async () => {
    replies['400050'] = { status: 200, body: { serviceable: true, codAvailable: true, etaDays: 2 } };
    renderWithQueries(<DeliveryEstimate pincode="400050" paymentMode="COD" />);
    expect(screen.getByText('Checking delivery to 400050...')).toBeVisible();
    expect(await screen.findByText(`Delivery by ${deliveryDate(2)}`)).toBeVisible();
    expect(screen.getByText('Delivering to pincode 400050')).toBeVisible();
    expect(screen.queryByText(/Cash on delivery/)).toBeNull();
  });

  it('warns when cash on delivery is chosen where it is not available', async () => {
    replies['190001'] = { status: 200, body: { serviceable: true, codAvailable: false, etaDays: 7 } };
    const { rerender } = renderWithQueries(<DeliveryEstimate pincode="190001" paymentMode="COD" />);
    expect(
      await screen.findByText(
        'Cash on delivery is not available for pincode 190001. Please pay online or choose another address.',
      ),
    ).toBeVisible();
    rerender(<DeliveryEstimate pincode="190001" paymentMode="ONLINE" />);
    expect(await screen.findByText(`Delivery by ${deliveryDate(7)}`)).toBeVisible();
    expect(screen.queryByText(/Cash on delivery is not available/)).toBeNull();
  });

  it('says when the courier does not deliver to the chosen address', async () => {
    replies['744101'] = { status: 200, body: { serviceable: false, codAvailable: false, etaDays: null } };
    renderWithQueries(<DeliveryEstimate pincode="744101" paymentMode="COD" />);
    expect(await screen.findByText('Sorry, we do not deliver to pincode 744101 yet.')).toBeVisible();
  });
});
