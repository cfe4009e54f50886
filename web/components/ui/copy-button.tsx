import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../common/constants';
import { CheckIcon, CopyIcon } from './icons';

interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy email address". */
  label: string;
  className?: string;
}

/**
 * Copies `value` to the clipboard and shows a check mark for 1.2 seconds (SPEC.md §2). A clipboard
 * failure (no permission, insecure page) is ignored silently, as the SPEC asks.
 */
export function CopyButton({ value, label, className = '' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? `${label}: copied` : label}
      title={copied ? 'Copied' : label}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-700 transition-colors hover:bg-brand-50 ${className}`}
    >
      {copied ? (
        <CheckIcon className="size-4 text-emerald-700" data-testid="copy-done" />
      ) : (
        <CopyIcon className="size-4" data-testid="copy-idle" />
      )}
    </button>
  );
}
