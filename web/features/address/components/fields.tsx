import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

const baseClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 aria-[invalid=true]:border-red-600';
// Only inputs: a <select> always matches :read-only, which would grey it out.
const inputClass = `${baseClass} read-only:bg-stone-100 read-only:text-stone-600`;

interface Described {
  label: string;
  /** Shown under the control in red and announced through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
}

function useDescription({ error, hint }: Omit<Described, 'label'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const after = (
    <>
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
    </>
  );
  return { id, describedBy, after };
}

/** A labelled text input with its hint and error. */
export function TextField({
  label,
  error,
  hint,
  ...input
}: Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { id, describedBy, after } = useDescription({ error, hint });
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
      {after}
    </div>
  );
}

/** A labelled select with its hint and error. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: Described & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const { id, describedBy, after } = useDescription({ error, hint });
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        className={baseClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      {after}
    </div>
  );
}

/** A message for the whole form, announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {children}
    </p>
  );
}
