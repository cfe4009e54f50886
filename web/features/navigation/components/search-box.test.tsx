import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { toast } from '../../../components/ui/toast';
import { type MockApi, type Reply, renderWithApp } from '../../../testing/render-with-app';
import { NAV_TEXTS } from '../texts';
import { SearchBox } from './search-box';

/** What the autocomplete answers; a test may change it between two searches. */
let suggest: Reply;
let api: MockApi;

function renderSearch(initialEntry = '/') {
  const rendered = renderWithApp(<SearchBox />, {
    path: initialEntry,
    api: { [`GET ${API.catalog.autocomplete}`]: () => suggest },
  });
  api = rendered.api;
  const { router } = rendered;
  return { router, input: screen.getByRole('combobox', { name: NAV_TEXTS.searchLabel }) };
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Lets the debounce timer fire and the answer settle. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const suggestions = [{ _id: 'p1', name: 'Silk Saree' }, { category: 'Sarees' }, { brand: 'Saheli' }];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SearchBox suggestions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    suggest = { status: 200, body: suggestions };
  });

  it('asks nothing while the trimmed text is shorter than 2 characters', async () => {
    const { input } = renderSearch();
    type(input, 's');
    await wait(1000);
    type(input, '  s   ');
    await wait(1000);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('waits until typing has rested for 300 ms, then asks once for the latest text', async () => {
    const { input } = renderSearch();
    type(input, 'sa');
    await wait(200);
    type(input, 'sar');
    await wait(299);
    expect(api.fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(api.fetchMock).toHaveBeenCalledWith(`${API.catalog.autocomplete}?q=sar`, expect.anything());

    // Suggestions show the first present of name, category or brand.
    expect(screen.getAllByRole('option').map((option) => option.firstElementChild?.textContent)).toEqual([
      'Silk Saree',
      'Sarees',
      'Saheli',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('treats a non-array answer as no suggestions', async () => {
    suggest = { status: 200, body: { items: suggestions } };
    const { input } = renderSearch();
    type(input, 'saree');
    await wait(300);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('toasts "Error fetching autocomplete" and clears the suggestions when the call fails', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { input } = renderSearch();
    type(input, 'sa');
    await wait(300);
    expect(screen.getAllByRole('option')).toHaveLength(3);

    suggest = { status: 500, body: { message: 'down' } };
    type(input, 'sari');
    await wait(300);
    expect(toastError).toHaveBeenCalledWith('Error fetching autocomplete');
    expect(NAV_TEXTS.autocompleteError).toBe('Error fetching autocomplete');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('hides the suggestions 100 ms after the box loses focus', async () => {
    const { input } = renderSearch();
    fireEvent.focus(input);
    type(input, 'sa');
    await wait(300);
    expect(screen.getAllByRole('option')).toHaveLength(3);

    fireEvent.blur(input);
    await wait(99);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await wait(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('moves through suggestions with the arrow keys and picks one with Enter', async () => {
    const { input, router } = renderSearch();
    fireEvent.focus(input);
    type(input, 'sa');
    await wait(300);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const [, second] = screen.getAllByRole('option');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);

    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Enter in the box submits its form.
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    // A product suggestion fills the box and opens that product.
    expect(input).toHaveValue('Silk Saree');
    expect(router.state.location.pathname).toBe('/product/p1');
  });

  it('closes the suggestions on Escape', async () => {
    const { input } = renderSearch();
    fireEvent.focus(input);
    type(input, 'sa');
    await wait(300);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('fills the box and searches by category when a category suggestion is clicked', async () => {
    const { input, router } = renderSearch();
    fireEvent.focus(input);
    type(input, 'sa');
    await wait(300);
    fireEvent.click(screen.getByRole('option', { name: /Sarees/ }));
    expect(input).toHaveValue('Sarees');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?category=Sarees');
  });
});

describe('SearchBox search', () => {
  beforeEach(() => {
    suggest = { status: 200, body: [] };
  });

  it('goes to /search?name={text} on Enter', async () => {
    const user = userEvent.setup();
    const { input, router } = renderSearch();
    await user.type(input, 'silk saree{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?name=silk+saree');
  });

  it('goes to /search?name={text} when the search icon is clicked', async () => {
    const user = userEvent.setup();
    const { input, router } = renderSearch();
    await user.type(input, 'kurta');
    await user.click(screen.getByRole('button', { name: NAV_TEXTS.searchButton }));
    expect(new URLSearchParams(router.state.location.search).get('name')).toBe('kurta');
  });

  it('is prefilled from the name query parameter', () => {
    const { input } = renderSearch('/search?name=banarasi');
    expect(input).toHaveValue('banarasi');
  });
});

describe('SearchBox labelled suggestions', () => {
  const labelled = [
    {
      kind: 'category',
      label: 'Kurtas for Men',
      gender: 'Men',
      category: 'Clothing',
      subCategory: 'Ethnic Wear',
      type: 'Kurta',
    },
    {
      kind: 'category',
      label: 'Kurtas by Neelgar Indigo',
      gender: 'Brand',
      brand: 'Neelgar Indigo',
      category: 'Clothing',
      subCategory: 'Kurtas',
    },
    { kind: 'brand', label: 'Neelgar Indigo', brand: 'Neelgar Indigo' },
    { kind: 'product', label: 'Chikankari Linen Kurta', _id: 'p9', name: 'Chikankari Linen Kurta' },
  ];
  beforeEach(() => {
    vi.useFakeTimers();
    suggest = { status: 200, body: labelled };
  });

  async function typeAndWait(value: string) {
    const rendered = renderSearch();
    fireEvent.focus(rendered.input);
    type(rendered.input, value);
    await wait(300);
    return rendered;
  }

  it('asks for labelled suggestions with the Prefer header, on the same call', async () => {
    await typeAndWait('kurta');
    expect(api.calls[0]?.url).toBe('/api/products/autocomplete?q=kurta');
    expect(api.calls[0]?.headers.get('Prefer')).toBe('labelled');
  });

  it('shows each suggestion with what it is, and names it so for screen readers', async () => {
    await typeAndWait('kurta');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => [...option.children].map((child) => child.textContent))).toEqual([
      ['Kurtas for Men', 'Category'],
      ['Kurtas by Neelgar Indigo', 'Category'],
      ['Neelgar Indigo', 'Brand'],
      ['Chikankari Linen Kurta', 'Product'],
    ]);
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'Category: Kurtas for Men',
      'Category: Kurtas by Neelgar Indigo',
      'Brand: Neelgar Indigo',
      'Product: Chikankari Linen Kurta',
    ]);
  });

  it('opens a category suggestion as the search of its node, and fills the box with its label', async () => {
    const { input, router } = await typeAndWait('kurta');
    fireEvent.click(screen.getByRole('option', { name: 'Category: Kurtas for Men' }));
    expect(input).toHaveValue('Kurtas for Men');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe(
      '?gender=Men&category=Clothing&subCategory=Ethnic+Wear&type=Kurta',
    );
  });

  it('opens a Brand category with its brand, a brand by its name and a product by its page', async () => {
    const first = await typeAndWait('kurta');
    fireEvent.click(screen.getByRole('option', { name: 'Category: Kurtas by Neelgar Indigo' }));
    expect(first.router.state.location.search).toBe(
      '?gender=Brand&brand=Neelgar+Indigo&category=Clothing&subCategory=Kurtas',
    );

    fireEvent.focus(first.input);
    type(first.input, 'neelgar');
    await wait(300);
    fireEvent.click(screen.getByRole('option', { name: 'Brand: Neelgar Indigo' }));
    expect(first.router.state.location.search).toBe('?brand=Neelgar+Indigo');

    fireEvent.focus(first.input);
    type(first.input, 'chikan');
    await wait(300);
    fireEvent.click(screen.getByRole('option', { name: 'Product: Chikankari Linen Kurta' }));
    expect(first.router.state.location.pathname).toBe('/product/p9');
  });
});
