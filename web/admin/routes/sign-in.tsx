import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import type { LoginAnswer } from '../../../common/schemas/admin-staff';
import { FormMessage, PasswordField, TextField } from '../../components/ui/form-fields';
import { api, HttpError, refreshCsrfToken } from '../../lib/api-client';
import { meQueryKey } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

const TEXTS = ADMIN_TEXTS.signIn;

/** Only a path inside the back office; anything else (another site, the shop) goes to its start. */
function backOfficeTarget(redirect: string | null): string {
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}

/**
 * The staff sign-in: email and password, then the authenticator code when the account asks for one.
 * Staff sign in here rather than on the shop's page, so the second step never meets a shopper.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signedIn = async () => {
    // The session is new, and the CSRF token was bound to the old one.
    await refreshCsrfToken();
    // Forget who was here before (a guest): the frame asks again when it mounts.
    queryClient.removeQueries({ queryKey: meQueryKey });
    navigate(backOfficeTarget(params.get('redirect')), { replace: true });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      if (step === 'password') {
        const answer = await api.post<LoginAnswer>(API.users.login, {
          email: form.get('email'),
          password: form.get('password'),
        });
        if ('twoFactorRequired' in answer) setStep('code');
        else await signedIn();
      } else {
        await api.post(API.users.loginTwoFactor, { code: form.get('code') });
        await signedIn();
      }
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
        {step === 'password' ? (
          <>
            <TextField label={TEXTS.email} name="email" type="email" autoComplete="username" required />
            <PasswordField label={TEXTS.password} name="password" autoComplete="current-password" required />
          </>
        ) : (
          <TextField
            label={TEXTS.code}
            hint={TEXTS.codeHint}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus
          />
        )}
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {step === 'password' ? TEXTS.submit : TEXTS.verify}
        </button>
      </form>
    </main>
  );
}
