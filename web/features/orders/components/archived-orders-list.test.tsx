import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { PAGER_TEXTS } from '../../../components/ui/pager';
import { type Reply as ApiReply, mockApi, renderWithApp } from '../../../testing/render-with-app';
import { ArchivedOrdersList } from './archived-orders-list';

type Reply = ApiReply | 'never';

/** Stubs fetch: each GET of the archive answers `replies[page]` (or the last function's answer). */
function stubArchive(replies: Record<number, Reply>) {
  const pagesAsked: number[] = [];
  mockApi({
    [`GET ${API.order.archived}`]: (_body, sent) => {
      const page = Number(new URL(sent.url, 'http://shop.test').searchParams.get('page'));
      pagesAsked.push(page);
      const reply = replies[page] ?? { status: 200, body: { orders: [], pages: 0 } };
      return reply === 'never' ? new Promise<ApiReply>(() => {}) : reply;
    },
  });
  return pagesAsked;
}
afterEach(() => vi.unstubAllGlobals());

function Harness({ start }: { start: number }) {
  const [page, setPage] = useState(start);
  return <ArchivedOrdersList page={page} onPageChange={setPage} />;
}

function renderList(start = 1) {
  renderWithApp(<Harness start={start} />);
}

const order = (n: number, overrides: object = {}) => ({
  _id: `o${n}`,
  orderNumber: `PNV-2609-ORD${n}`,
  orderTimestamp: '2026-09-14T06:30:00.000Z',
  deliveryStatus: 'Delivered',
  paymentStatus: 'Paid',
  totalPrice: 1598.5,
  items: [
    {
      productId: 'p1',
      name: 'Chanderi Kurta',
      image: '/images/products/chanderi-kurta-a1b2c3-indigo.webp',
      quantity: 2,
      price: 799.25,
      selectedColor: 'Indigo',
      selectedSize: 'M',
    },
  ],
  ...overrides,
});

const previous = () => screen.getByRole('button', { name: PAGER_TEXTS.previous });
const next = () => screen.getByRole('button', { name: PAGER_TEXTS.next });
const card = (orderNumber: string) => screen.getByRole('article', { name: `Order ${orderNumber}` });

describe('ArchivedOrdersList', () => {
  it('shows "Loading orders..." while the page loads', () => {
    stubArchive({ 1: 'never' });
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders...');
  });

  it('shows one card an order: number, en-IN date, statuses, INR total, and its lines in a table', async () => {
    stubArchive({ 1: { status: 200, body: { orders: [order(1)], pages: 1 } } });
    renderList();
    const first = await screen.findByRole('article', { name: 'Order PNV-2609-ORD1' });
    expect(within(first).getByTestId('archived-date')).toHaveTextContent('14 Sept 2026');
    expect(within(first).getByTestId('archived-delivery')).toHaveTextContent('Delivered');
    expect(within(first).getByTestId('archived-payment')).toHaveTextContent('Paid');
    expect(within(first).getByTestId('archived-total')).toHaveTextContent('₹1,598.5');
    const table = within(first).getByRole('table', { name: 'Items of order PNV-2609-ORD1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Item', 'Qty', 'Price', 'Color / Size', 'Subtotal']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Chanderi Kurta', '2', '₹799.25', 'Indigo / M', '₹1,598.5']);
    // The picture of the colour bought, beside the name and left out of the cell's name.
    expect(
      within(table)
        .getAllByRole('presentation')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/images/products/chanderi-kurta-a1b2c3-indigo-sm.webp']);
  });

  it('falls back as SPEC.md §3 says: cartItems, productName, qty or 1, "Unknown / Deleted", "-" and ₹0', async () => {
    stubArchive({
      1: {
        status: 200,
        body: {
          orders: [
            order(1, {
              orderTimestamp: 'not a date',
              totalPrice: null,
              items: undefined,
              cartItems: [
                {
                  productName: 'Block-print Dupatta',
                  qty: 3,
                  price: 100,
                  selectedColor: 'Red',
                  selectedSize: 'Free',
                },
                { productId: 'gone', price: 250 },
                { name: '', price: 'n/a' },
              ],
            }),
            order(2, { items: [], deliveryStatus: undefined }),
          ],
          pages: 1,
        },
      },
    });
    renderList();
    const first = await screen.findByRole('article', { name: 'Order PNV-2609-ORD1' });
    expect(within(first).getByTestId('archived-date')).toHaveTextContent(/^-$/);
    expect(within(first).getByTestId('archived-total')).toHaveTextContent(/^₹0$/);
    const rows = within(first)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ['Block-print Dupatta', '3', '₹100', 'Red / Free', '₹300'],
      ['Unknown / Deleted', '1', '₹250', '- / -', '₹250'],
      ['Unknown / Deleted', '1', '₹0', '- / -', '₹0'],
    ]);
    expect(within(first).queryAllByRole('presentation')).toEqual([]);
    const second = card('PNV-2609-ORD2');
    expect(second).toHaveTextContent('No line items captured for this order.');
    expect(within(second).queryByRole('table')).not.toBeInTheDocument();
    expect(within(second).getByTestId('archived-delivery')).toHaveTextContent(/^-$/);
  });

  it('pages with Previous and Next, "Page X of Y", each disabled at its end', async () => {
    const asked = stubArchive({
      1: { status: 200, body: { orders: [order(1)], pages: 3 } },
      2: { status: 200, body: { orders: [order(2)], pages: 3 } },
      3: { status: 200, body: { orders: [order(3)], pages: 3 } },
    });
    renderList();
    await screen.findByRole('article', { name: 'Order PNV-2609-ORD1' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();

    await userEvent.click(next());
    await screen.findByRole('article', { name: 'Order PNV-2609-ORD2' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(previous()).toBeEnabled();
    expect(next()).toBeEnabled();

    await userEvent.click(next());
    await screen.findByRole('article', { name: 'Order PNV-2609-ORD3' });
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(previous()).toBeEnabled();

    await userEvent.click(previous());
    await screen.findByRole('article', { name: 'Order PNV-2609-ORD2' });
    expect(asked).toEqual([1, 2, 3, 2]);
  });

  it('says "No archived orders found." when there are none, with both buttons disabled on page 1 of 1', async () => {
    stubArchive({ 1: { status: 200, body: { orders: [], pages: 0 } } });
    renderList();
    expect(await screen.findByText('No archived orders found.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
  });

  it('shows the server’s message on failure, with the list cleared and the page count back at one', async () => {
    stubArchive({
      1: { status: 200, body: { orders: [order(1)], pages: 2 } },
      2: { status: 503, body: { message: 'The archive is resting. Try again soon.' } },
    });
    renderList();
    await screen.findByRole('article', { name: 'Order PNV-2609-ORD1' });
    await userEvent.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent('The archive is resting. Try again soon.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 of 1')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(previous()).toBeEnabled();
  });

  it.each<[string, Reply]>([
    ['an error without a message', { status: 500, body: { code: 'X' } }],
    ['no answer at all', 'network-error'],
    ['an answer that is not a list of orders', { status: 200, body: { orders: 'none' } }],
  ])('says "Failed to load archived orders." for %s', async (_, reply) => {
    stubArchive({ 1: reply });
    renderList();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to load archived orders\.$/),
    );
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});
