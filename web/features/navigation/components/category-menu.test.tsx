import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import type { CategoryTree } from '../../../../common/schemas/catalog';
import { type Reply, renderWithApp } from '../../../testing/render-with-app';
import { CLOSE_NAVBAR_CATEGORIES_EVENT, NAV_TEXTS } from '../texts';
import { CategoryMenu } from './category-menu';

const tree: CategoryTree = {
  Men: {
    Clothing: { Topwear: { Shirts: {}, Kurtas: {} }, Bottomwear: { Jeans: {} } },
    Accessories: { Watches: {} },
  },
  Women: { Clothing: { Ethnic: { Sarees: {} } } },
  Brand: { Biba: { Clothing: { Ethnic: { Kurtas: {} } } } },
  Others: { Home: {} },
};

/** The menu, its tree answering `reply` (the whole tree unless told). */
function renderMenu(reply: Reply = { status: 200, body: tree }) {
  return renderWithApp(<CategoryMenu />, { api: { [`GET ${API.catalog.categoryTree}`]: () => reply } });
}

// Label and text queries: role queries recompute the accessibility tree and are slow on a busy machine.
function arrow(name: string) {
  return screen.getByLabelText(`${name} subcategories`);
}

function row(name: string) {
  return screen.queryByText(name, { selector: 'a, button' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CategoryMenu', () => {
  it('shows "Loading Categories..." while the tree loads, then the top level in SPEC order', async () => {
    const { fetchMock } = renderMenu().api;

    expect(screen.getByText(NAV_TEXTS.categoriesLoading)).toBeInTheDocument();
    expect(NAV_TEXTS.categoriesLoading).toBe('Loading Categories...');
    await screen.findByText('Men');

    expect(fetchMock).toHaveBeenCalledWith(API.catalog.categoryTree, expect.anything());
    const topLevel = screen.getByRole('navigation').querySelector('ul')?.children ?? [];
    expect([...topLevel].map((row) => row.firstElementChild?.firstElementChild?.textContent)).toEqual([
      'Men',
      'Women',
      'Brand',
      'Others',
    ]);
  });

  it('shows "Error loading categories" when the tree cannot be loaded', async () => {
    renderMenu({ status: 500, body: { message: 'down' } });

    expect(await screen.findByText('Error loading categories')).toBeInTheDocument();
    expect(NAV_TEXTS.categoriesError).toBe('Error loading categories');
  });

  it('keeps one expanded path: an arrow expands its branch, and a second click collapses to its parent', async () => {
    renderMenu();
    await screen.findByText('Men');

    fireEvent.click(arrow('Men'));
    expect(arrow('Men')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(arrow('Clothing'));
    expect(row('Topwear')).toBeInTheDocument();

    // A second click on Clothing's arrow collapses back to Men.
    fireEvent.click(arrow('Clothing'));
    expect(row('Topwear')).not.toBeInTheDocument();
    expect(row('Clothing')).toBeInTheDocument();
    expect(arrow('Men')).toHaveAttribute('aria-expanded', 'true');

    // Expanding another branch replaces the path: only one is kept.
    fireEvent.click(arrow('Clothing'));
    fireEvent.click(arrow('Women'));
    expect(row('Topwear')).not.toBeInTheDocument();
    expect(row('Accessories')).not.toBeInTheDocument();
    expect(row('Clothing')).toHaveAttribute('href', '/search?gender=Women&category=Clothing');

    fireEvent.click(arrow('Women'));
    expect(row('Clothing')).not.toBeInTheDocument();
    expect(arrow('Women')).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches with only the chosen levels, collapses and announces close-navbar-categories', async () => {
    const closed = vi.fn();
    window.addEventListener(CLOSE_NAVBAR_CATEGORIES_EVENT, closed);
    const { router } = renderMenu();
    await screen.findByText('Men');

    fireEvent.click(arrow('Men'));
    fireEvent.click(arrow('Clothing'));
    fireEvent.click(row('Topwear') as HTMLElement);

    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?gender=Men&category=Clothing&subCategory=Topwear');
    expect(closed).toHaveBeenCalledTimes(1);
    expect(row('Clothing')).not.toBeInTheDocument();
    window.removeEventListener(CLOSE_NAVBAR_CATEGORIES_EVENT, closed);
  });

  it('searches the Brand branch by brand, without a gender', async () => {
    const { router } = renderMenu();
    await screen.findByText('Men');

    // The bare Brand heading expands instead of searching.
    fireEvent.click(screen.getByRole('button', { name: 'Brand' }));
    expect(router.state.location.pathname).toBe('/');
    const biba = row('Biba') as HTMLElement;
    expect(within(biba.closest('li') as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Biba subcategories',
    );

    fireEvent.click(biba);
    expect(router.state.location.search).toBe('?brand=Biba');
  });

  it('opens a submenu to the left near the right edge of the window', async () => {
    renderMenu();
    await screen.findByText('Men');
    const menRow = arrow('Men').closest('li') as HTMLElement;
    vi.spyOn(menRow, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: window.innerWidth - 449, y: 0, width: 200, height: 40 }),
    );

    fireEvent.click(arrow('Men'));
    const submenu = document.getElementById(arrow('Men').getAttribute('aria-controls') as string);
    expect(submenu).toHaveAttribute('data-side', 'left');

    // Deeper levels keep going left rather than cover their parent.
    fireEvent.click(arrow('Clothing'));
    const deeper = document.getElementById(arrow('Clothing').getAttribute('aria-controls') as string);
    expect(deeper).toHaveAttribute('data-side', 'left');
  });
});
