import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render-with-app';
import { cartLabel, NAV_TEXTS } from '../texts';
import { BottomDock } from './bottom-dock';
import { QuickActions } from './quick-actions';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function blinkingFor(link: HTMLElement) {
  return within(link).getByTestId('count-badge').getAttribute('data-blinking');
}

describe('cart badges', () => {
  it('the floating Go to Cart badge blinks for 1 second when the count changes', () => {
    const { rerender } = renderWithApp(<QuickActions cartCount={1} />);
    rerender(<QuickActions cartCount={2} />);
    const link = screen.getByRole('link', { name: cartLabel(NAV_TEXTS.goCart, 2) });
    expect(blinkingFor(link)).toBe('true');
    act(() => vi.advanceTimersByTime(999));
    expect(blinkingFor(link)).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(blinkingFor(link)).toBe('false');
  });

  it('the dock Cart badge blinks for 750 ms when the count changes', () => {
    const { rerender } = renderWithApp(<BottomDock cartCount={3} />);
    rerender(<BottomDock cartCount={4} />);
    const link = screen.getByRole('link', { name: cartLabel(NAV_TEXTS.cart, 4) });
    expect(blinkingFor(link)).toBe('true');
    act(() => vi.advanceTimersByTime(749));
    expect(blinkingFor(link)).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(blinkingFor(link)).toBe('false');
  });

  it('the quick actions lead to Home, Cart, My Orders and Contact', () => {
    renderWithApp(<QuickActions cartCount={0} />);
    expect(screen.getByRole('link', { name: NAV_TEXTS.goHome })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: cartLabel(NAV_TEXTS.goCart, 0) })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.getByRole('link', { name: NAV_TEXTS.goOrders })).toHaveAttribute('href', '/myorders');
    expect(screen.getByRole('link', { name: NAV_TEXTS.contactSupport })).toHaveAttribute('href', '/contact');
  });
});
