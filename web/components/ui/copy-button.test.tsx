import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS } from '../../../common/constants';
import { CopyButton } from './copy-button';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it('copies the value and shows a check mark for 1.2 seconds', async () => {
    const clipboard = mockClipboard(async () => {});
    render(<CopyButton value="support@pehnava.in" label="Copy email address" />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy email address' })));
    expect(clipboard.writeText).toHaveBeenCalledWith('support@pehnava.in');
    expect(screen.getByTestId('copy-done')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveAccessibleName('Copy email address: copied');

    expect(COPY_CONFIRMATION_MS).toBe(1200);
    await act(() => vi.advanceTimersByTimeAsync(1199));
    expect(screen.getByTestId('copy-done')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('copy-done')).not.toBeInTheDocument();
    expect(screen.getByTestId('copy-idle')).toBeInTheDocument();
  });

  it('ignores a clipboard failure silently', async () => {
    mockClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    const consoleError = vi.spyOn(console, 'error');
    render(<CopyButton value="+91 98765 43210" label="Copy phone number" />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy phone number' })));
    expect(screen.queryByTestId('copy-done')).not.toBeInTheDocument();
    expect(screen.getByTestId('copy-idle')).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('ignores a browser without a clipboard silently', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    render(<CopyButton value="x" label="Copy" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByTestId('copy-idle')).toBeInTheDocument();
  });
});
