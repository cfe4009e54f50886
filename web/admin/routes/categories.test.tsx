import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { AdminCategories, CategoryNode } from '../../../common/schemas/admin-categories';
import { type Handler, renderScreen, staffMe } from '../testing/render-screen';
import CategoriesPage, { TEXTS } from './categories';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const node = (name: string, products: number, ...children: CategoryNode[]): CategoryNode => ({
  name,
  products,
  children,
});

const CATEGORIES: AdminCategories = {
  tree: [node('Men', 3, node('Clothing', 3, node('Ethnik Wear', 3, node('Kurta', 3)))), node('Women', 0)],
  brands: [{ name: 'Pehnava', products: 3 }],
};

function renderCategories(role: 'manager' | 'support', handlers: Record<string, Handler> = {}) {
  return renderScreen(<CategoriesPage />, {
    me: staffMe(role),
    handlers: {
      [`GET ${API.admin.categories}`]: () => ({ status: 200, body: CATEGORIES }),
      ...handlers,
    },
  });
}

const sent = (calls: { key: string; body: unknown }[], key: string) =>
  calls.filter((call) => call.key === key).map((call) => call.body);

describe('the categories screen', () => {
  it('shows the tree with product counts, and the brands', async () => {
    renderCategories('support');
    const men = await screen.findByRole('button', { name: 'Men 3 products' });
    expect(men).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Clothing')).toBeNull();
    await userEvent.setup().click(men);
    expect(await screen.findByText('Ethnik Wear')).toBeInTheDocument();
    expect(screen.getByText('Kurta').parentElement).toHaveTextContent('Kurta 3 products');
    expect(screen.getByText('Women').parentElement).toHaveTextContent('Women 0 products');
    expect(
      within(screen.getByRole('region', { name: TEXTS.brands })).getByText('Pehnava'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename|Move|Add/ })).toBeNull();
  });

  it('renames a node after a confirmation that says how many products follow', async () => {
    const { calls } = renderCategories('manager', {
      [`PATCH ${API.admin.categories}`]: () => ({ status: 200, body: { products: 3 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Men/ }));
    await user.click(await screen.findByRole('button', { name: 'Rename Men › Clothing › Ethnik Wear' }));
    const box = screen.getByLabelText(TEXTS.newName('Ethnik Wear'));
    await user.clear(box);
    await user.type(box, 'Ethnic Wear');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    const dialog = screen.getByRole('dialog', { name: 'Rename “Ethnik Wear” to “Ethnic Wear”?' });
    expect(dialog).toHaveTextContent('3 products and everything below “Ethnik Wear” take the new name');
    expect(sent(calls, `PATCH ${API.admin.categories}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(sent(calls, `PATCH ${API.admin.categories}`)).toEqual([
        { path: ['Men', 'Clothing', 'Ethnik Wear'], name: 'Ethnic Wear' },
      ]),
    );
  });

  it('moves a category under another section', async () => {
    const { calls } = renderCategories('manager', {
      [`PATCH ${API.admin.categories}`]: () => ({ status: 200, body: { products: 3 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Men/ }));
    await user.click(await screen.findByRole('button', { name: 'Move Men › Clothing' }));
    expect(screen.getByLabelText(TEXTS.moveTo('Clothing'))).toHaveDisplayValue('Women');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    const dialog = screen.getByRole('dialog', { name: 'Move “Clothing” under “Women”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(sent(calls, `PATCH ${API.admin.categories}`)).toEqual([
        { path: ['Men', 'Clothing'], parent: ['Women'] },
      ]),
    );
  });

  it('adds a category under a section and a brand', async () => {
    const { calls } = renderCategories('manager', {
      [`POST ${API.admin.categories}`]: () => ({ status: 201, body: { products: 0 } }),
      [`POST ${API.admin.brands}`]: () => ({ status: 201, body: { products: 0 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a category Women' }));
    await user.type(screen.getByLabelText(TEXTS.nameOf(1, 'Women')), 'Jewellery');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    await waitFor(() =>
      expect(sent(calls, `POST ${API.admin.categories}`)).toEqual([{ parent: ['Women'], name: 'Jewellery' }]),
    );
    await user.click(screen.getByRole('button', { name: TEXTS.addBrand }));
    await user.type(screen.getByRole('textbox', { name: TEXTS.addBrand }), 'Nila Looms');
    await user.click(screen.getByRole('button', { name: TEXTS.save }));
    await waitFor(() => expect(sent(calls, `POST ${API.admin.brands}`)).toEqual([{ name: 'Nila Looms' }]));
  });
});
