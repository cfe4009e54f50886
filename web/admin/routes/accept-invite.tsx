import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { FormMessage, PasswordField } from '../../components/ui/form-fields';
import { PasswordChecklist } from '../../features/auth/components/password-checklist';
import { formErrorsFrom } from '../../features/auth/lib/errors';
import { api, HttpError, refreshCsrfToken } from '../../lib/api-client';
import { meQueryKey } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

export const TEXTS = {
  title: 'Join the back office',
  intro:
    'Choose the password you will sign in with. If you already shop here with this email, it becomes your account’s password.',
  password: 'Password',
  submit: 'Save and sign in',
  noToken:
    'This invitation link is not complete. Open the link from the mail again, or ask the shop owner for a new one.',
  signIn: 'Go to staff sign-in',
} as const;

/**
 * The page of an invitation link, outside the signed-in frame: the colleague chooses a password and is
 * signed in. A used or expired link (410) ends the page with the server's message.
 */
export default function AcceptInvitePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post(API.users.acceptInvite, { token, password });
      // The answer started a new session, and the CSRF token was bound to the guest's.
      await refreshCsrfToken();
      queryClient.removeQueries({ queryKey: meQueryKey });
      navigate('/', { replace: true });
    } catch (caught) {
      if (caught instanceof HttpError && caught.status === 410) setGone(caught.message);
      else setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const { fieldErrors, formError } = error
    ? formErrorsFrom(error, ['password'], ADMIN_TEXTS.formFallback)
    : { fieldErrors: {}, formError: null };
  const refusal = gone ?? (token ? null : TEXTS.noToken);

  return (
    <main className="mx-auto max-w-sm px-4 py-10">
      <p className="font-display text-lg text-brand-800">{ADMIN_TEXTS.title}</p>
      <h1 className="mt-2 font-display text-2xl text-brand-800">{TEXTS.title}</h1>
      {refusal ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="error">{refusal}</FormMessage>
          <Link to="/sign-in" className="btn-secondary inline-flex items-center">
            {TEXTS.signIn}
          </Link>
        </div>
      ) : (
        <form
          onSubmit={submit}
          className="surface-card mt-6 space-y-4 p-5"
          aria-label={TEXTS.title}
          noValidate
        >
          <p className="text-sm text-stone-700">{TEXTS.intro}</p>
          <PasswordField
            label={TEXTS.password}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
            after={<PasswordChecklist password={password} />}
            required
          />
          {formError && <FormMessage tone="error">{formError}</FormMessage>}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {TEXTS.submit}
          </button>
        </form>
      )}
    </main>
  );
}
