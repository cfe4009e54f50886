import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchFacets } from '../../../../common/schemas/catalog';
import { readSearchParams } from '../lib/search-params';
import { SearchFilters } from './search-filters';

const facets: SearchFacets = {
  gender: [
    { value: 'Men', count: 3 },
    { value: 'Women', count: 2 },
  ],
  brand: [],
  category: [],
  subCategory: [],
  type: [],
  color: [],
  size: [
    { value: 'M', count: 2 },
    { value: 'L', count: 1 },
    { value: 'XL', count: 1 },
  ],
  price: { min: 399, max: 2499 },
};

function Filters() {
  const [search] = useSearchParams();
  return <SearchFilters params={readSearchParams(search)} search={search} facets={facets} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/search', element: <Filters /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('SearchFilters', () => {
  it('shows each value as a checkbox in a group named by its legend, checked when in the URL', () => {
    renderAt('/search?size=M&size=XL');
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(sizes).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'M, 2 products' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'L, 1 product' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'XL, 1 product' })).toBeChecked();
  });

  it('adds and removes sizes one at a time, keeping the others, back on page 1', async () => {
    const user = userEvent.setup();
    const router = renderAt('/search?size=M&page=2');
    await user.click(screen.getByRole('checkbox', { name: 'L, 1 product' }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=M&size=L'));
    expect(screen.getByRole('checkbox', { name: 'L, 1 product' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'M, 2 products' }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=L'));
  });

  it('keeps one value in a group that takes one: a new tick replaces the old', async () => {
    const user = userEvent.setup();
    const router = renderAt('/search?gender=Men');
    await user.click(screen.getByRole('checkbox', { name: 'Women, 2 products' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gender=Women'));
    expect(screen.getByRole('checkbox', { name: 'Men, 3 products' })).not.toBeChecked();
  });

  it('is worked with the keyboard: Space ticks the focused box', async () => {
    const user = userEvent.setup();
    const router = renderAt('/search');
    screen.getByRole('checkbox', { name: 'XL, 1 product' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toBe('?size=XL'));
  });
});
