import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import type { HappyCustomer, HappyCustomers } from '../../../../common/schemas/reviews';
import { renderWithApp } from '../../../testing/render-with-app';
import { HAPPY_CUSTOMERS_TEXTS } from '../texts';
import { HappyCustomersWall } from './happy-customers-wall';

const card = (n: number): HappyCustomer => ({
  _id: `r${n}`,
  productId: `p${n}`,
  author: 'Priya N.',
  rating: 5,
  title: `Photo review ${n}`,
  comment: 'Lovely colour.',
  createdAt: '2026-11-20T10:00:00.000Z',
  image: {
    sm: `/uploads/reviews/r${n}-sm.webp`,
    md: `/uploads/reviews/r${n}-md.webp`,
    lg: `/uploads/reviews/r${n}-lg.webp`,
    width: 960,
    height: 1200,
  },
  product: { _id: `p${n}`, name: `Kurta ${n}`, image: `/images/products/kurta-${n}.webp` },
});

afterEach(() => vi.unstubAllGlobals());

function renderWall(
  answer: (page: number) => HappyCustomers | Promise<HappyCustomers>,
  page = 1,
  onPage = vi.fn(),
) {
  renderWithApp(<HappyCustomersWall page={page} onPage={onPage} />, {
    api: {
      [`GET ${API.reviews.happyCustomers}`]: async (_body, sent) => {
        const asked = Number(new URL(sent.url, 'http://x').searchParams.get('page'));
        return { status: 200, body: await answer(asked) };
      },
    },
  });
  return onPage;
}

describe('HappyCustomersWall', () => {
  it('shows a loading state, then the photos with name, stars, text and a product link', async () => {
    let answer: (body: HappyCustomers) => void = () => {};
    renderWall(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent(HAPPY_CUSTOMERS_TEXTS.loading);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    answer({ reviews: [card(1), card(2)], page: 1, pages: 1, total: 2 });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Priya N.')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(first.getByText('Photo review 1')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Kurta 1' })).toHaveAttribute('href', '/product/p1');
    expect(first.getByRole('img', { name: 'Photo from Priya N.' })).toHaveAttribute('loading', 'lazy');
    // One page: no pager.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says so when nobody has shared a photo yet', async () => {
    renderWall(() => ({ reviews: [], page: 1, pages: 0, total: 0 }));
    expect(await screen.findByText(HAPPY_CUSTOMERS_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HAPPY_CUSTOMERS_TEXTS.shop })).toHaveAttribute('href', '/');
  });

  it('pages with Previous and Next, each disabled at its end', async () => {
    const onPage = renderWall((page) => ({ reviews: [card(page)], page, pages: 3, total: 25 }), 3);
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
