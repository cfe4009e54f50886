import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { STORAGE_KEYS } from '../../../../common/constants';
import type { ProductSummary } from '../../../../common/schemas/catalog';
import { type Handler, renderWithApp } from '../../../testing/render-with-app';
import { LIKES_TEXT } from '../texts';
import { LikeButton } from './like-button';
import { LikedProducts } from './liked-products';

const summary = (id: string, name: string): ProductSummary => ({
  _id: id,
  name,
  brand: 'Pehnava',
  gender: 'Women',
  category: 'Clothing',
  subCategory: 'Ethnic Wear',
  type: 'Saree',
  price: 999,
  mrp: 1499,
  image: '',
  rating: 0,
  numReviews: 0,
  countInStock: 3,
});

afterEach(() => vi.unstubAllGlobals());

/** A guest's wishlist; `summaries` answers the look-up of the liked products. */
function renderWishlist(summaries?: Handler) {
  return renderWithApp(
    <LikedProducts
      renderProducts={(products) => (
        <ul>
          {products.map((p) => (
            <li key={p._id}>
              {p.name} <LikeButton productId={p._id} productName={p.name} />
            </li>
          ))}
        </ul>
      )}
    />,
    {
      likes: { isAuthenticated: false },
      api: summaries ? { [`GET ${API.likes.summaries}`]: summaries } : {},
    },
  ).api;
}

describe('LikedProducts for a guest', () => {
  it("looks up the stored ids' products, newest like first, and drops one unliked here at once", async () => {
    localStorage.setItem(STORAGE_KEYS.guestLikes, JSON.stringify(['p2', 'p1']));
    const api = renderWishlist((_body, sent) => {
      const ids = new URL(sent.url, 'http://shop.test').searchParams.get('ids')?.split(',') ?? [];
      const all = [summary('p2', 'Silk Saree'), summary('p1', 'Cotton Kurta')];
      return { status: 200, body: { products: all.filter((p) => ids.includes(p._id)) } };
    });

    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Silk Saree ', 'Cotton Kurta ']);
    expect(screen.getByText(LIKES_TEXT.count(2))).toBeInTheDocument();
    expect(api.calls[0]?.url).toBe(`${API.likes.summaries}?ids=p2%2Cp1`);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Silk Saree from wishlist' }));
    expect(screen.queryByText(/Silk Saree/)).not.toBeInTheDocument();
    expect(await screen.findByText(LIKES_TEXT.count(1))).toBeInTheDocument();
  });

  it('shows the empty state without a request when nothing is liked', async () => {
    const api = renderWishlist();
    expect(await screen.findByText(LIKES_TEXT.emptyTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LIKES_TEXT.browse })).toHaveAttribute('href', '/search');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
