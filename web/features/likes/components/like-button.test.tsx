import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../common/constants';
import { renderWithApp } from '../../../testing/render-with-app';
import { LikeButton } from './like-button';

function renderButton() {
  renderWithApp(<LikeButton productId="p1" productName="Cotton Kurta" />, {
    likes: { isAuthenticated: false },
  });
}

describe('LikeButton', () => {
  it('is a toggle button whose name says what a press does', async () => {
    const user = userEvent.setup();
    renderButton();
    const heart = screen.getByRole('button', { name: 'Add Cotton Kurta to wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Remove Cotton Kurta from wishlist');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.guestLikes) ?? '[]')).toEqual(['p1']);

    await user.keyboard('{Enter}');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName('Add Cotton Kurta to wishlist');
  });

  it('has a 44 px target and a decorative icon', () => {
    renderButton();
    const heart = screen.getByRole('button', { name: 'Add Cotton Kurta to wishlist' });
    expect(heart).toHaveClass('size-11');
    expect(heart.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('cancels the click, so a heart placed inside a link likes without following it', async () => {
    renderButton();
    const heart = screen.getByRole('button', { name: 'Add Cotton Kurta to wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());
    // fireEvent answers false when a handler called preventDefault.
    expect(fireEvent.click(heart)).toBe(false);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('waits, disabled, until the likes are ready', () => {
    renderWithApp(<LikeButton productId="p1" productName="Cotton Kurta" />, {
      likes: { isAuthenticated: false, isAuthLoading: true },
    });
    expect(screen.getByRole('button', { name: 'Add Cotton Kurta to wishlist' })).toBeDisabled();
  });
});
