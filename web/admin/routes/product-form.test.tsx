import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { AdminCategories } from '../../../common/schemas/admin-categories';
import { ADMIN_PRODUCT_MESSAGES, type AdminProduct } from '../../../common/schemas/admin-products';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import ProductFormPage, { TEXTS } from './product-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '00000000-0000-4000-8000-000000000001';
const PRODUCT: AdminProduct = {
  _id: ID,
  name: 'Indigo Kurta',
  description: 'Hand-block printed cotton.',
  brand: 'Pehnava',
  gender: 'Men',
  category: 'Clothing',
  subCategory: 'Ethnic Wear',
  type: 'Kurta',
  price: 1249,
  mrp: 1599,
  hsn: '6205',
  isRefundable: true,
  status: 'active',
  version: 3,
  images: [
    { _id: 'a', url: '/images/products/a.webp', color: 'Indigo', alt: 'Front' },
    { _id: 'b', url: '/images/products/b.webp', color: '', alt: 'Back' },
  ],
  variants: [{ sku: 'KT-IND-M', color: 'Indigo', size: 'M', countInStock: 4 }],
  countInStock: 4,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};
const CATEGORIES: AdminCategories = {
  tree: [{ name: 'Men', products: 1, children: [{ name: 'Clothing', products: 1, children: [] }] }],
  brands: [{ name: 'Pehnava', products: 1 }],
};

function renderForm(role: 'owner' | 'support', path: string, handlers: Record<string, Handler> = {}) {
  return renderScreen(
    <Routes>
      <Route path="/products/:id" element={<ProductFormPage />} />
    </Routes>,
    {
      me: staffMe(role),
      path,
      handlers: {
        [`GET ${API.admin.categories}`]: () => ({ status: 200, body: CATEGORIES }),
        [`GET ${API.admin.product(ID)}`]: () => ({ status: 200, body: { product: PRODUCT } }),
        ...handlers,
      },
    },
  );
}

/** A field once the form knows the member may edit (their permissions arrive with `/me`). */
async function editable(label: string) {
  const field = await screen.findByLabelText(label);
  await waitFor(() => expect(field).toBeEnabled());
  return field;
}

const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body);

describe('the product form', () => {
  it('creates a product with two variants and opens it to add photos', async () => {
    const { calls, router } = renderForm('owner', '/products/new', {
      [`POST ${API.admin.products}`]: () => ({ status: 201, body: { product: PRODUCT } }),
    });
    const user = userEvent.setup();
    await user.type(await editable('Name'), 'Indigo Kurta');
    await user.type(screen.getByLabelText('Brand'), 'Pehnava');
    await user.type(screen.getByLabelText('Category'), 'Clothing');
    await user.type(screen.getByLabelText('Sub-category'), 'Ethnic Wear');
    await user.type(screen.getByLabelText('Type'), 'Kurta');
    await user.type(screen.getByLabelText('Price (₹)'), '1249');
    await user.type(screen.getByLabelText('MRP (₹)'), '1599');
    await user.type(screen.getByLabelText('SKU, variant 1'), 'kt-ind-m');
    await user.type(screen.getByLabelText('Colour, variant 1'), 'Indigo');
    await user.type(screen.getByLabelText('Size, variant 1'), 'M');
    await user.click(screen.getByRole('button', { name: TEXTS.addVariant }));
    await user.type(screen.getByLabelText('SKU, variant 2'), 'KT-IND-L');
    await user.type(screen.getByLabelText('Colour, variant 2'), 'Indigo');
    await user.type(screen.getByLabelText('Size, variant 2'), 'L');
    await user.clear(screen.getByLabelText('In stock, variant 2'));
    await user.type(screen.getByLabelText('In stock, variant 2'), '7');
    expect(screen.getByText(TEXTS.photos.saveFirst)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEXTS.create }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${ID}`));
    expect(sent(calls, `POST ${API.admin.products}`)[0]).toEqual({
      name: 'Indigo Kurta',
      description: '',
      brand: 'Pehnava',
      gender: 'Men',
      category: 'Clothing',
      subCategory: 'Ethnic Wear',
      type: 'Kurta',
      price: 1249,
      mrp: 1599,
      hsn: null,
      isRefundable: true,
      status: 'draft',
      variants: [
        { sku: 'kt-ind-m', color: 'Indigo', size: 'M', countInStock: 0 },
        { sku: 'KT-IND-L', color: 'Indigo', size: 'L', countInStock: 7 },
      ],
    });
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const { calls } = renderForm('owner', '/products/new');
    const user = userEvent.setup();
    await user.type(await editable('Price (₹)'), '1500');
    await user.type(screen.getByLabelText('MRP (₹)'), '1200');
    await user.click(screen.getByRole('button', { name: TEXTS.create }));
    expect(await screen.findByText(ADMIN_PRODUCT_MESSAGES.mrpBelowPrice)).toBeInTheDocument();
    expect(sent(calls, `POST ${API.admin.products}`)).toEqual([]);
  });

  it('sends only the changed fields with the version, and photo order and alt text with them', async () => {
    const { calls } = renderForm('owner', `/products/${ID}`, {
      [`PATCH ${API.admin.product(ID)}`]: () => ({
        status: 200,
        body: { product: { ...PRODUCT, price: 999, version: 4 } },
      }),
    });
    const user = userEvent.setup();
    const price = await editable('Price (₹)');
    await user.clear(price);
    await user.type(price, '999');
    await user.click(screen.getByRole('button', { name: TEXTS.photos.down(1) }));
    const second = screen.getByRole('listitem', { name: 'Photo 2' });
    await user.type(within(second).getByLabelText('Alt text'), ' view');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    await waitFor(() =>
      expect(sent(calls, `PATCH ${API.admin.product(ID)}`)[0]).toEqual({
        price: 999,
        images: [
          { _id: 'b', alt: 'Back', color: '' },
          { _id: 'a', alt: 'Front view', color: 'Indigo' },
        ],
        version: 3,
      }),
    );
    expect(screen.getByRole('link', { name: TEXTS.viewInShop })).toHaveAttribute('href', `/product/${ID}`);
  });

  it('on a stale version says so, and reloading keeps what was typed on top of the newer product', async () => {
    let reads = 0;
    const { calls } = renderForm('owner', `/products/${ID}`, {
      [`GET ${API.admin.product(ID)}`]: () => {
        reads += 1;
        const product = reads === 1 ? PRODUCT : { ...PRODUCT, description: 'Their words.', version: 5 };
        return { status: 200, body: { product } };
      },
      [`PATCH ${API.admin.product(ID)}`]: () => ({
        status: 409,
        body: { message: ADMIN_PRODUCT_MESSAGES.staleVersion, code: 'STALE_VERSION' },
      }),
    });
    const user = userEvent.setup();
    const name = await editable('Name');
    await user.clear(name);
    await user.type(name, 'Indigo Kurta, block print');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ADMIN_PRODUCT_MESSAGES.staleVersion);
    expect(screen.getByLabelText('Name')).toHaveValue('Indigo Kurta, block print');
    await user.click(within(alert).getByRole('button', { name: TEXTS.reload }));
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue('Their words.'));
    expect(screen.getByLabelText('Name')).toHaveValue('Indigo Kurta, block print');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    await waitFor(() =>
      expect(sent(calls, `PATCH ${API.admin.product(ID)}`)[1]).toEqual({
        name: 'Indigo Kurta, block print',
        version: 5,
      }),
    );
  });

  it('shows support the product without edit controls', async () => {
    renderForm('support', `/products/${ID}`);
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: TEXTS.save })).toBeNull();
    expect(screen.queryByRole('button', { name: TEXTS.addVariant })).toBeNull();
    expect(screen.queryByRole('button', { name: TEXTS.photos.choose })).toBeNull();
    expect(screen.queryByRole('button', { name: TEXTS.photos.remove(1) })).toBeNull();
  });
});
