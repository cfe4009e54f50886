import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { PASSWORD_TEXTS } from '../texts';

const inputClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 aria-[invalid=true]:border-red-600 read-only:bg-stone-100 read-only:text-stone-600';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field in red and announced. */
  error?: string | null;
  hint?: ReactNode;
  /** Extra content under the input (a checklist, a live message). */
  after?: ReactNode;
}

/** A labelled text input with its hint and error wired to aria-describedby. */
export function TextField({ label, error, hint, after, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

/** A password input with a show/hide toggle (SPEC.md §2). */
export function PasswordField({ label, error, hint, after, ...input }: Omit<FieldProps, 'type'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-20`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? PASSWORD_TEXTS.hide : PASSWORD_TEXTS.show}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-1 right-1 min-w-16 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {visible ? PASSWORD_TEXTS.hideShort : PASSWORD_TEXTS.showShort}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

/** A message for the whole form, announced when it appears. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-brand-100 bg-brand-50 text-brand-900',
  }[tone];
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm font-medium ${styles}`}
    >
      {children}
    </p>
  );
}
