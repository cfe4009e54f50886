import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../../common/schemas/reviews';
import { REVIEW_TEXTS } from '../texts';
import { ReviewCard } from './review-card';

const review: Review = {
  _id: 'r1',
  productId: 'p1',
  author: 'Meera I.',
  rating: 4,
  title: '<script>alert("x")</script>',
  comment: 'Nice <img src=x onerror="alert(1)"> & <b>bold</b>',
  image: {
    sm: '/uploads/reviews/a-sm.webp',
    md: '/uploads/reviews/a-md.webp',
    lg: '/uploads/reviews/a-lg.webp',
    width: 1600,
    height: 1200,
  },
  helpful: 3,
  votedHelpful: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  editedAt: null,
};

describe('ReviewCard', () => {
  it('shows markup a reviewer typed as text, never as HTML', () => {
    const { container } = render(<ReviewCard review={review} />);
    expect(screen.getByRole('heading', { name: '<script>alert("x")</script>' })).toBeInTheDocument();
    expect(screen.getByText('Nice <img src=x onerror="alert(1)"> & <b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('script, b, img[src="x"]')).toBeNull();
  });

  it('shows the photo lazily and opens it larger in the dialog', async () => {
    render(<ReviewCard review={review} />);
    const thumb = screen.getByRole('img', { name: REVIEW_TEXTS.photoOf('Meera I.') });
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb).toHaveAttribute('src', review.image?.sm);
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.openPhoto('Meera I.') }));
    const dialog = screen.getByRole('dialog', { name: REVIEW_TEXTS.photoTitle('Meera I.') });
    expect(dialog.querySelector('img')).toHaveAttribute('src', review.image?.lg);
  });

  it('offers the helpful vote when allowed, and shows the count otherwise', async () => {
    const onHelpful = vi.fn();
    const { rerender } = render(<ReviewCard review={review} onHelpful={onHelpful} />);
    const button = screen.getByRole('button', { name: /Helpful \(3\)/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(onHelpful).toHaveBeenCalledWith(review);
    rerender(<ReviewCard review={review} />);
    expect(screen.queryByRole('button', { name: /Helpful/ })).not.toBeInTheDocument();
    expect(screen.getByText('Helpful (3)')).toBeInTheDocument();
  });
});
