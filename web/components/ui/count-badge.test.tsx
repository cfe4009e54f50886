import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountBadge } from './count-badge';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('CountBadge', () => {
  it('does not blink on first show, blinks for the given time when the count changes', () => {
    const { rerender } = render(<CountBadge count={1} blinkMs={1000} />);
    const badge = () => screen.getByTestId('count-badge');
    expect(badge()).toHaveAttribute('data-blinking', 'false');
    expect(badge()).toHaveTextContent('1');

    rerender(<CountBadge count={2} blinkMs={1000} />);
    expect(badge()).toHaveAttribute('data-blinking', 'true');
    expect(badge()).toHaveClass('count-badge--blink');
    act(() => vi.advanceTimersByTime(999));
    expect(badge()).toHaveAttribute('data-blinking', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(badge()).toHaveAttribute('data-blinking', 'false');
  });

  it('restarts the blink when the count changes again mid-blink', () => {
    const { rerender } = render(<CountBadge count={1} blinkMs={750} />);
    rerender(<CountBadge count={2} blinkMs={750} />);
    act(() => vi.advanceTimersByTime(500));
    rerender(<CountBadge count={3} blinkMs={750} />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('count-badge')).toHaveAttribute('data-blinking', 'true');
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByTestId('count-badge')).toHaveAttribute('data-blinking', 'false');
  });

  it('hides when the count is zero', () => {
    render(<CountBadge count={0} blinkMs={1000} />);
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });
});
