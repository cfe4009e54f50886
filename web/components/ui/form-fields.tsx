import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';

const controlClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 aria-[invalid=true]:border-red-600';
// Only inputs: a <select> always matches :read-only, which would grey it out.
const inputClass = `${controlClass} read-only:bg-stone-100 read-only:text-stone-600`;

interface Described {
  label: string;
  /** Shown under the control in red and announced through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  /** Extra content under the control (a checklist, a live message). */
  after?: ReactNode;
}

type InputProps = Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** The label, hint and error of one control, wired together for assistive technology. */
function Field({
  label,
  error,
  hint,
  after,
  children,
}: Described & { children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children(id, describedBy)}
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

/** A labelled text input with its hint and error. */
export function TextField({ label, error, hint, after, ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} after={after}>
      {(id, describedBy) => (
        <input
          id={id}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

/** A labelled select with its hint and error. */
export function SelectField({
  label,
  error,
  hint,
  after,
  children,
  ...select
}: Described & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Field label={label} error={error} hint={hint} after={after}>
      {(id, describedBy) => (
        <select
          id={id}
          className={controlClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...select}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

export const PASSWORD_TOGGLE_TEXTS = {
  show: 'Show password',
  hide: 'Hide password',
  showShort: 'Show',
  hideShort: 'Hide',
} as const;

/** A password input with a show/hide toggle (SPEC.md §2). */
export function PasswordField({ label, error, hint, after, ...input }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} after={after}>
      {(id, describedBy) => (
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
            aria-label={visible ? PASSWORD_TOGGLE_TEXTS.hide : PASSWORD_TOGGLE_TEXTS.show}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-1 right-1 min-w-16 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {visible ? PASSWORD_TOGGLE_TEXTS.hideShort : PASSWORD_TOGGLE_TEXTS.showShort}
          </button>
        </div>
      )}
    </Field>
  );
}

/** A labelled multi-line text box with its hint and error. */
export function TextAreaField({
  label,
  error,
  hint,
  after,
  ...textarea
}: Described & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field label={label} error={error} hint={hint} after={after}>
      {(id, describedBy) => (
        <textarea
          id={id}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass}
          {...textarea}
        />
      )}
    </Field>
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
