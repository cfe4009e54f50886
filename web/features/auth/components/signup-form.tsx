import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { registerSchema } from '../../../../common/schemas/auth';
import { FormMessage, PasswordField, TextField } from '../../../components/ui/form-fields';
import { useErrorFocus } from '../../../components/ui/use-error-focus';
import { useRegisterMutation } from '../api/register';
import { formErrorsFrom } from '../lib/errors';
import { useSession } from '../session';
import { AUTH_TEXTS, PASSWORD_TEXTS } from '../texts';
import { PasswordChecklist } from './password-checklist';
import { useConfirmPassword } from './use-confirm-password';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'isAdult'] as const;
type SignupField = (typeof FIELDS)[number];

/** Registration (DESIGN.md §5): name, email, password with the live checklist, confirmation, 18+. */
export function SignupForm() {
  const session = useSession();
  const mutation = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const confirm = useConfirmPassword(password);
  const [isAdult, setIsAdult] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const errorFocus = useErrorFocus();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const confirmOk = confirm.checkOnSubmit();
    const confirmErrors = confirmOk ? [] : [PASSWORD_TEXTS.mismatchSubmit];
    const parsed = registerSchema.safeParse({
      name,
      email,
      password,
      confirmPassword: confirm.value,
      isAdult,
    });
    if (!parsed.success) {
      const errors: Partial<Record<SignupField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        // The confirm field shows its own SPEC.md §5 message.
        if (
          typeof field === 'string' &&
          field !== 'confirmPassword' &&
          FIELDS.includes(field as SignupField)
        ) {
          errors[field as SignupField] ??= issue.message;
        }
      }
      setFieldErrors(errors);
      errorFocus.failed([...Object.values(errors), ...confirmErrors]);
      return;
    }
    setFieldErrors({});
    if (!confirmOk) {
      errorFocus.failed(confirmErrors);
      return;
    }
    try {
      const { user } = await mutation.mutateAsync(parsed.data);
      await session.login(user);
    } catch (error) {
      const result = formErrorsFrom(error, FIELDS, AUTH_TEXTS);
      setFieldErrors(result.fieldErrors);
      setFormError(result.formError);
      errorFocus.failed(Object.values(result.fieldErrors));
    }
  }

  return (
    <form
      ref={errorFocus.ref}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={AUTH_TEXTS.signupTitle}
    >
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      {errorFocus.summary}
      <TextField
        label={AUTH_TEXTS.name}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name}
        required
      />
      <TextField
        label={AUTH_TEXTS.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
        required
      />
      <PasswordField
        label={AUTH_TEXTS.password}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        required
        after={<PasswordChecklist password={password} />}
      />
      <PasswordField
        label={AUTH_TEXTS.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm.value}
        onChange={(event) => confirm.onChange(event.target.value)}
        onBlur={confirm.onBlur}
        error={confirm.message ?? fieldErrors.confirmPassword}
        required
      />
      <div>
        <label className="flex min-h-11 items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            name="isAdult"
            checked={isAdult}
            onChange={(event) => setIsAdult(event.target.checked)}
            aria-invalid={fieldErrors.isAdult ? true : undefined}
            aria-describedby={fieldErrors.isAdult ? 'signup-adult-error' : undefined}
            required
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>{AUTH_TEXTS.isAdult}</span>
        </label>
        {fieldErrors.isAdult && (
          <p id="signup-adult-error" className="mt-1 text-sm font-medium text-red-700">
            {fieldErrors.isAdult}
          </p>
        )}
      </div>
      <p className="text-xs text-stone-600">
        {AUTH_TEXTS.termsNotice}{' '}
        <Link to="/terms" className="text-link">
          {AUTH_TEXTS.termsLink}
        </Link>{' '}
        {AUTH_TEXTS.andThe}{' '}
        <Link to="/privacy-policy" className="text-link">
          {AUTH_TEXTS.privacyLink}
        </Link>
        .
      </p>
      <button type="submit" className="btn-primary w-full" disabled={mutation.isPending}>
        {mutation.isPending ? AUTH_TEXTS.signupSubmitting : AUTH_TEXTS.signupSubmit}
      </button>
    </form>
  );
}
