import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import type { ProductSummary, SearchResult } from '../../../common/schemas/catalog';
import { type MockApi, renderWithApp } from '../../testing/render-with-app';
import SearchPage from './search';

const product = (id: string, name: string): ProductSummary => ({
  _id: id,
  name,
  brand: 'Pehnava',
  gender: 'Women',
  category: 'Ethnic Wear',
  subCategory: 'Kurtas',
  type: 'Straight Kurta',
  price: 999,
  mrp: 1499,
  image: `/images/products/${id}.webp`,
  rating: 4.2,
  numReviews: 3,
  countInStock: 10,
});

const emptyFacets: SearchResult['facets'] = {
  gender: [],
  brand: [],
  category: [],
  subCategory: [],
  type: [],
  color: [],
  size: [],
  price: { min: 0, max: 0 },
};

const result = (products: ProductSummary[], facets: Partial<SearchResult['facets']> = {}): SearchResult => ({
  products,
  page: 1,
  pages: 1,
  total: products.length,
  facets: { ...emptyFacets, ...facets },
});

afterEach(() => vi.unstubAllGlobals());

/** What the search answers, given the URL asked for; each test sets it before rendering. */
let answer: (url: string) => SearchResult;
let api: MockApi;

function respondWith(body: SearchResult) {
  answer = () => body;
}

function renderAt(url: string) {
  const rendered = renderWithApp([{ path: '/search', element: <SearchPage /> }], {
    path: url,
    api: { [`GET ${API.catalog.search}`]: (_body, sent) => ({ status: 200, body: answer(sent.url) }) },
  });
  api = rendered.api;
  return rendered.router;
}

const requestedUrls = () => api.calls.map((call) => call.url);

describe('SearchPage', () => {
  it('sends only the parameters that have a value', async () => {
    respondWith(result([product('p1', 'Cotton Kurta')]));
    renderAt('/search?name=kurta&brand=&category=%20%20&gender=Women&page=2&color=&unknown=x');
    await screen.findByText('Cotton Kurta');
    expect(requestedUrls()).toEqual([`${API.catalog.search}?gender=Women&name=kurta&page=2`]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Results for 'kurta'");
    expect(document.title).toBe("Results for 'kurta' | Pehnava");
  });

  it('sends nothing extra for a bare /search and heads the page with the category path', async () => {
    respondWith(result([product('p1', 'Cotton Kurta')]));
    renderAt('/search?gender=Women&category=Ethnic%20Wear');
    await screen.findByText('Cotton Kurta');
    expect(requestedUrls()).toEqual([`${API.catalog.search}?gender=Women&category=Ethnic+Wear`]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Women › Ethnic Wear');
  });

  it('applies a facet through the URL, back to page 1, and requests it', async () => {
    const user = userEvent.setup();
    respondWith(
      result([product('p1', 'Cotton Kurta')], {
        color: [
          { value: 'Red', count: 4 },
          { value: 'Blue', count: 2 },
        ],
      }),
    );
    const router = renderAt('/search?name=kurta&page=3');
    await screen.findByText('Cotton Kurta');
    const [red] = screen.getAllByRole('checkbox', { name: /Red, 4 products/ });
    expect(red).not.toBeChecked();
    await user.click(red as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?name=kurta&color=Red'));
    await waitFor(() => expect(requestedUrls()).toContain(`${API.catalog.search}?name=kurta&color=Red`));
    for (const box of screen.getAllByRole('checkbox', { name: /Red, 4 products/ })) expect(box).toBeChecked();
    const [blue] = screen.getAllByRole('checkbox', { name: /Blue, 2 products/ });
    await user.click(blue as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?name=kurta&color=Red&color=Blue'));
    await waitFor(() =>
      expect(requestedUrls()).toContain(`${API.catalog.search}?name=kurta&color=Red&color=Blue`),
    );
    expect(screen.getByRole('link', { name: /Remove filter Colour: Blue/ })).toHaveAttribute(
      'href',
      '/search?name=kurta&color=Red',
    );
  });

  it('opens the filters in a sheet from the Sort/Filter bar and closes it to show the products', async () => {
    const user = userEvent.setup();
    respondWith(result([product('p1', 'Cotton Kurta')], { size: [{ value: 'M', count: 1 }] }));
    const router = renderAt('/search?gender=Women&size=L');
    await screen.findByText('Cotton Kurta');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    // A chosen size stays listed, ticked, even when the other filters leave it no products.
    expect(within(sheet).getByRole('checkbox', { name: 'L, 0 products' })).toBeChecked();
    await user.click(within(sheet).getByRole('checkbox', { name: 'M, 1 product' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gender=Women&size=L&size=M'));
    await user.click(within(sheet).getByRole('button', { name: 'Show 1 product' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the sort through the URL; Relevance is offered only for a text search', async () => {
    const user = userEvent.setup();
    respondWith(result([product('p1', 'Cotton Kurta')]));
    const router = renderAt('/search?gender=Women');
    await screen.findByText('Cotton Kurta');
    // One picker in the phone's Sort/Filter bar, one above the list on a wide screen; CSS shows one.
    const [select] = screen.getAllByLabelText('Sort by') as HTMLSelectElement[];
    if (!select) throw new Error('no sort picker');
    expect(within(select).queryByRole('option', { name: 'Relevance' })).not.toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'Popularity' })).toBeInTheDocument();
    await user.selectOptions(select, 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?gender=Women&sort=price_asc'));
    await waitFor(() =>
      expect(requestedUrls()).toContain(`${API.catalog.search}?gender=Women&sort=price_asc`),
    );
  });

  it('shows the empty state with a link that clears the filters', async () => {
    respondWith(result([]));
    renderAt('/search?name=kurta&color=Green');
    expect(await screen.findByText("No products match 'kurta'.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/search?name=kurta');
  });

  it('links pages by URL', async () => {
    respondWith({ ...result([product('p1', 'Cotton Kurta')]), page: 2, pages: 5, total: 100 });
    renderAt('/search?gender=Women&page=2');
    await screen.findByText('Cotton Kurta');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/search?gender=Women',
    );
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/search?gender=Women&page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('SearchPage: words read as filters', () => {
  it('puts the filters the server read from the words into the URL, where they show as removable filters', async () => {
    answer = (url) => {
      // The server reads the words once; the URL it leads to has nothing more to read.
      const understood = url.includes('under')
        ? { understood: { name: 'silk', color: 'Red', subCategory: 'Sarees', maxPrice: 1000 } }
        : {};
      return { ...result([product('p1', 'Silk Saree')]), ...understood };
    };
    const router = renderAt('/search?name=red+silk+saree+under+1000&page=2');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?name=silk&color=Red&subCategory=Sarees&maxPrice=1000'),
    );
    // Replaced, not pushed: Back leaves the search instead of returning to the words.
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(requestedUrls()).toContain(
        '/api/products/search?subCategory=Sarees&name=silk&maxPrice=1000&color=Red',
      ),
    );
    for (const label of ['Sub-category: Sarees', 'Colour: Red', 'Max Rs 1000']) {
      expect(
        await screen.findByRole('link', { name: new RegExp(`Remove filter ${label}$`) }),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Results for 'silk'");
  });
});

describe('SearchPage: nothing found', () => {
  const alternatives: SearchResult['alternatives'] = {
    categories: [
      { label: 'Sarees for Women', gender: 'Women', category: 'Clothing', subCategory: 'Sarees' },
      {
        label: 'Sarees by Kashi Weaves',
        gender: 'Brand',
        brand: 'Kashi Weaves',
        category: 'Clothing',
        subCategory: 'Sarees',
      },
    ],
    products: [product('p7', 'Banarasi Silk Saree'), product('p8', 'Chanderi Cotton Saree')],
  };

  it('offers the nearest categories and popular products, and no filters to remove when none is set', async () => {
    respondWith({ ...result([]), alternatives });
    renderAt('/search?name=sareee');
    expect(await screen.findByText("No products match 'sareee'.")).toBeInTheDocument();
    expect(screen.getByText('Check the spelling, or try a more general word.')).toBeInTheDocument();
    expect(screen.queryByText('Try fewer filters or another word.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clear all filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/search');

    const categories = screen.getByRole('region', { name: 'Try these categories' });
    expect(within(categories).getByRole('link', { name: 'Sarees for Women' })).toHaveAttribute(
      'href',
      '/search?gender=Women&category=Clothing&subCategory=Sarees',
    );
    expect(within(categories).getByRole('link', { name: 'Sarees by Kashi Weaves' })).toHaveAttribute(
      'href',
      '/search?gender=Brand&brand=Kashi+Weaves&category=Clothing&subCategory=Sarees',
    );
    const popular = screen.getByRole('region', { name: 'Popular in Sarees for Women' });
    expect(within(popular).getByText('Banarasi Silk Saree')).toBeInTheDocument();
    expect(within(popular).getByText('Chanderi Cotton Saree')).toBeInTheDocument();
  });

  it('offers to clear only the filters that are set', async () => {
    respondWith({
      ...result([]),
      alternatives: { categories: [], products: [product('p7', 'Banarasi Silk Saree')] },
    });
    renderAt('/search?subCategory=Sarees&maxPrice=100');
    expect(await screen.findByText('Try fewer filters or another word.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('region', { name: 'Popular right now' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Try these categories' })).not.toBeInTheDocument();
  });
});
