import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, PasswordField, TextField } from '../../../components/ui/form-fields';
import { toast } from '../../../components/ui/toast';
import { HttpError } from '../../../lib/api-client';
import { useLoginMutation } from '../api/login';
import { formErrorsFrom } from '../lib/errors';
import { useSession } from '../session';
import { AUTH_TEXTS } from '../texts';

type LoginField = 'email' | 'password';

/** Sign in with email and password; the page leaves /auth once the session holds the user. */
export function LoginForm() {
  const session = useSession();
  const mutation = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: Partial<Record<LoginField, string>> = {};
    if (!email.trim()) missing.email = AUTH_TEXTS.emailRequired;
    if (!password) missing.password = AUTH_TEXTS.passwordRequired;
    setFieldErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    try {
      const { user } = await mutation.mutateAsync({ email: email.trim(), password });
      await session.login(user);
    } catch (error) {
      const rejected = error instanceof HttpError && error.status < 500;
      // A wrong password is the form's business; a failure of the sign-in itself is the toast's (SPEC.md §8).
      if (!rejected) toast.error(AUTH_TEXTS.loginErrorToast);
      const result = formErrorsFrom(error, ['email', 'password'] as const, AUTH_TEXTS);
      setFieldErrors(result.fieldErrors);
      setFormError(result.formError);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={AUTH_TEXTS.loginTitle}>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <TextField
        label={AUTH_TEXTS.email}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
        required
      />
      <PasswordField
        label={AUTH_TEXTS.password}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        required
      />
      <div className="flex justify-end">
        <Link to="/forgotpwd" className="text-link text-sm">
          {AUTH_TEXTS.forgotPassword}
        </Link>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={mutation.isPending}>
        {mutation.isPending ? AUTH_TEXTS.loginSubmitting : AUTH_TEXTS.loginSubmit}
      </button>
    </form>
  );
}
