import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { AdminCategories, CategoryNode } from '../../../common/schemas/admin-categories';
import type { AdminProductSummary } from '../../../common/schemas/admin-products';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import ProductsPage, { TEXTS } from './products';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (overrides: Partial<AdminProductSummary>): AdminProductSummary => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Indigo Kurta',
  brand: 'Pehnava',
  gender: 'Men',
  category: 'Clothing',
  subCategory: 'Ethnic Wear',
  type: 'Kurta',
  price: 1249,
  mrp: 1599,
  status: 'active',
  image: '',
  countInStock: 12,
  variantCount: 2,
  lowStockVariants: 1,
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const KURTA = row({});
const SAREE = row({ _id: '00000000-0000-4000-8000-000000000002', name: 'Silk Saree', gender: 'Women' });
const node = (name: string, ...children: CategoryNode[]): CategoryNode => ({ name, products: 1, children });
const CATEGORIES: AdminCategories = {
  tree: [node('Men', node('Clothing')), node('Women', node('Sarees'))],
  brands: [{ name: 'Pehnava', products: 2 }],
};

function renderProducts(
  role: 'owner' | 'support',
  path = '/products',
  handlers: Record<string, Handler> = {},
) {
  return renderScreen(<ProductsPage />, {
    me: staffMe(role),
    path,
    handlers: {
      [`GET ${API.admin.products}`]: () => ({
        status: 200,
        body: { products: [KURTA, SAREE], page: 1, pages: 2, total: 30 },
      }),
      [`GET ${API.admin.categories}`]: () => ({ status: 200, body: CATEGORIES }),
      ...handlers,
    },
  });
}

/** The URLs the table was read from, query strings included. */
const listUrls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`${API.admin.products}?`));

describe('the products screen', () => {
  it('asks the server for the filters in the URL and shows each product with price, stock and status', async () => {
    const { fetchMock } = renderProducts(
      'owner',
      '/products?status=active&category=Clothing&stock=low&q=kurta',
    );
    const kurta = (await screen.findByText('Indigo Kurta')).closest('tr') as HTMLElement;
    expect(within(kurta).getByText('₹1,249')).toBeInTheDocument();
    expect(within(kurta).getByText('12 units in 2 variants')).toBeInTheDocument();
    expect(within(kurta).getByText('1 running low')).toBeInTheDocument();
    const url = new URL(listUrls(fetchMock)[0] ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'kurta',
      status: 'active',
      category: 'Clothing',
      stock: 'low',
      page: '1',
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByRole('searchbox', { name: TEXTS.search })).toHaveValue('kurta');
  });

  it('puts a changed filter in the URL and goes back to the first page', async () => {
    const { router } = renderProducts('owner', '/products?page=2&status=active');
    await screen.findByText('Indigo Kurta');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock' }), 'out');
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&stock=out'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Sarees');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=active&stock=out&category=Sarees'),
    );
  });

  it('asks before a bulk price change, saying what it will do, and then sends it', async () => {
    const { calls } = renderProducts('owner', '/products', {
      [`POST ${API.admin.productsBulk}`]: () => ({ status: 200, body: { updated: 2 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: TEXTS.selectAll }));
    const bar = screen.getByRole('region', { name: '2 selected' });
    await user.type(within(bar).getByLabelText(TEXTS.percent), '-10');
    await user.click(within(bar).getByRole('button', { name: 'Change price' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the price of 2 products?' });
    expect(dialog).toHaveTextContent('Every selected price drops by 10 %');
    expect(calls.some((call) => call.key === `POST ${API.admin.productsBulk}`)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change prices' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${API.admin.productsBulk}`)?.body).toEqual({
        ids: [KURTA._id, SAREE._id],
        action: 'price',
        percent: -10,
      }),
    );
  });

  it('archives the selected products only after the confirmation', async () => {
    const { calls } = renderProducts('owner', '/products', {
      [`POST ${API.admin.productsBulk}`]: () => ({ status: 200, body: { updated: 1 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Silk Saree' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive 1 product?' });
    expect(dialog).toHaveTextContent('They leave the shop; their orders, reviews and history stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key === `POST ${API.admin.productsBulk}`)?.body).toEqual({
        ids: [SAREE._id],
        action: 'archive',
      }),
    );
  });

  it('shows support the table without selection, bulk actions or the add button', async () => {
    renderProducts('support');
    await screen.findByText('Indigo Kurta');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('link', { name: TEXTS.add })).toBeNull();
    expect(screen.getByRole('link', { name: /^Indigo Kurta/ })).toHaveAttribute(
      'href',
      `/products/${KURTA._id}`,
    );
  });
});
