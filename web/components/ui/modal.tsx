import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface ModalProps {
  open: boolean;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Text of the close button. */
  closeLabel?: string;
  /** A button beside Close that does what the dialog asks about (a confirmation's "Deactivate"). */
  action?: ReactNode;
  /**
   * A bottom sheet on phones (the filters of a listing): full width along the bottom edge, its body
   * scrolling between the title and the buttons, which stay in reach of a thumb.
   */
  sheet?: boolean;
}

/**
 * A small accessible modal on the native <dialog>: shown with showModal() so the page behind is inert,
 * labelled by its title, focus moved to the Close button and given back on close; Escape and the
 * Close button close it. Where showModal() is missing (older engines, jsdom) it falls back to `open`
 * with a dimmed layer of its own, above the header and the bottom dock as the native backdrop is.
 */
export function Modal({ open, title, onClose, children, closeLabel = 'Close', action, sheet }: ModalProps) {
  if (!open) return null;
  return (
    <OpenModal title={title} onClose={onClose} closeLabel={closeLabel} action={action} sheet={sheet}>
      {children}
    </OpenModal>
  );
}

function OpenModal({ title, onClose, children, closeLabel, action, sheet }: Omit<ModalProps, 'open'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [inTopLayer, setInTopLayer] = useState(true);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
      setInTopLayer(false);
    }
    closeRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return (
    <>
      {!inTopLayer && (
        <div data-testid="modal-backdrop" aria-hidden="true" className="fixed inset-0 z-50 bg-stone-950/50" />
      )}
      <dialog
        ref={dialogRef}
        aria-modal="true"
        aria-labelledby={titleId}
        // A sheet's body is a form to work through, not a message to read out on opening.
        aria-describedby={sheet ? undefined : bodyId}
        className={`fixed inset-0 z-50 border border-stone-200 bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/50 ${
          sheet
            ? 'mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none rounded-t-2xl'
            : 'm-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl'
        }`}
        onCancel={(event) => {
          // Escape on a native modal dialog: let React state decide, not the browser.
          event.preventDefault();
          onClose();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      >
        <div className={sheet ? 'flex max-h-[85dvh] flex-col p-5 pb-4' : 'p-5'}>
          <h2 id={titleId} className="font-display text-lg font-semibold text-brand-900">
            {title}
          </h2>
          <div id={bodyId} className={`mt-2 text-stone-700 ${sheet ? 'min-h-0 flex-1 overflow-y-auto' : ''}`}>
            {children}
          </div>
          <div
            className={`mt-5 flex flex-wrap justify-end gap-2 ${sheet ? 'items-center border-t border-stone-200 pt-4' : ''}`}
          >
            {action}
            <button
              ref={closeRef}
              type="button"
              onClick={() => onClose()}
              className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {closeLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
