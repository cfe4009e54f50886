import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="Cart" onClose={() => setOpen(false)}>
        <p>Stock limit reached.</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus and gives it back on Close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Cart' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Stock limit reached.');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('without showModal (jsdom, older engines) dims the whole page itself, above the header and the dock', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = screen.getByTestId('modal-backdrop');
    expect(backdrop).toHaveAttribute('aria-hidden', 'true');
    // The header and the bottom dock sit at z-40; the layer and the dialog above them.
    expect(backdrop).toHaveClass('fixed', 'inset-0', 'z-50', 'bg-stone-950/50');
    expect(screen.getByRole('dialog', { name: 'Cart' })).toHaveClass('fixed', 'z-50');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('modal-backdrop')).not.toBeInTheDocument();
  });
});
