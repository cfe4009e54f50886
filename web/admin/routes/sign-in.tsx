import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { FormMessage, PasswordField, TextField } from '../../components/ui/form-fields';
import { api, HttpError, refreshCsrfToken } from '../../lib/api-client';
import { meQueryKey } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

const TEXTS = ADMIN_TEXTS.signIn;

/** Only a path inside the back office; anything else (another site, the shop) goes to its start. */
function backOfficeTarget(redirect: string | null): string {
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}

/** The staff sign-in: staff sign in here rather than on the shop's page, and come back where they were. */
export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await api.post(API.users.login, { email: form.get('email'), password: form.get('password') });
      // The session is new, and the CSRF token was bound to the old one.
      await refreshCsrfToken();
      // Forget who was here before (a guest): the frame asks again when it mounts.
      queryClient.removeQueries({ queryKey: meQueryKey });
      navigate(backOfficeTarget(params.get('redirect')), { replace: true });
    } catch (caught) {
      setError(caught instanceof HttpError ? caught.message : ADMIN_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto max-w-sm px-4 py-10">
      <h1 className="font-display text-2xl text-brand-800">{TEXTS.title}</h1>
      <form onSubmit={submit} className="surface-card mt-6 space-y-4 p-5" aria-label={TEXTS.title} noValidate>
        <TextField label={TEXTS.email} name="email" type="email" autoComplete="username" required />
        <PasswordField label={TEXTS.password} name="password" autoComplete="current-password" required />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {TEXTS.submit}
        </button>
      </form>
    </main>
  );
}
