import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REVIEW_TEXTS } from '../texts';
import { RatingSummary } from './rating-summary';

describe('RatingSummary', () => {
  it('shows the average, the count and each star count with a bar in proportion', () => {
    render(
      <RatingSummary
        summary={{
          average: 4.3,
          count: 10,
          stars: [
            { stars: 5, count: 6 },
            { stars: 4, count: 2 },
            { stars: 3, count: 1 },
            { stars: 2, count: 0 },
            { stars: 1, count: 1 },
          ],
        }}
      />,
    );
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('10 reviews')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((row) => row.querySelector('.sr-only')?.textContent)).toEqual([
      '5 star: 6',
      '4 star: 2',
      '3 star: 1',
      '2 star: 0',
      '1 star: 1',
    ]);
    expect(screen.getByTestId('star-bar-5')).toHaveStyle({ width: '60%' });
    expect(screen.getByTestId('star-bar-2')).toHaveStyle({ width: '0%' });
  });

  it('says so when there are no reviews yet', () => {
    render(<RatingSummary summary={{ average: 0, count: 0, stars: [] }} />);
    expect(screen.getByText(REVIEW_TEXTS.noReviews)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
