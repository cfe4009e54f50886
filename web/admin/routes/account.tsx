import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { API } from '../../../common/api-paths';
import type { TotpSetup } from '../../../common/schemas/admin-staff';
import { CopyButton } from '../../components/ui/copy-button';
import { FormMessage, TextField } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { formErrorsFrom } from '../../features/auth/lib/errors';
import { api } from '../../lib/api-client';
import { meQueryKey, useVisitor } from '../lib/staff';
import { ADMIN_TEXTS } from '../texts';

export const TEXTS = {
  title: 'My account',
  twoFactor: 'Two-factor sign-in',
  on: 'On: after your password, sign-in asks for a code from your authenticator app.',
  off: 'Off: your password alone signs you in. Add a code from an authenticator app on your phone, so a stolen password is not enough.',
  start: 'Set up an authenticator app',
  scan: 'Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).',
  qr: 'QR code for your authenticator app',
  manual: 'Or type this key into the app:',
  copySecret: 'Copy the key',
  code: '6-digit code from the app',
  confirm: 'Turn on',
  turnedOn: 'Two-factor sign-in is on.',
  turnOffTitle: 'Turn it off',
  turnOffHint: 'Enter a current code from the app to turn two-factor sign-in off.',
  turnOff: 'Turn off',
  turnedOff: 'Two-factor sign-in is off.',
} as const;

/** A code field with the phone's number pad and one-time-code autofill. */
function CodeField({ error }: { error?: string }) {
  return (
    <TextField
      label={TEXTS.code}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      error={error}
      required
    />
  );
}

/** Errors of a code form: the code field's own, or the server's message (a wrong code, a rule). */
function useCodeErrors(error: unknown) {
  return error
    ? formErrorsFrom(error, ['code'], ADMIN_TEXTS.formFallback)
    : { fieldErrors: {}, formError: null };
}

function SetUp() {
  const queryClient = useQueryClient();
  const start = useMutation({ mutationFn: () => api.post<TotpSetup>(API.admin.totp) });
  const verify = useMutation({
    mutationFn: (code: string) => api.post(API.admin.totpVerify, { code }),
    onSuccess: () => {
      toast.success(TEXTS.turnedOn);
      queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  const startError = start.error ? formErrorsFrom(start.error, [], ADMIN_TEXTS.formFallback).formError : null;
  const { fieldErrors, formError } = useCodeErrors(verify.error);

  if (!start.data) {
    return (
      <div className="mt-4 space-y-3">
        <button
          type="button"
          className="btn-primary"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          {TEXTS.start}
        </button>
        {startError && <FormMessage tone="error">{startError}</FormMessage>}
      </div>
    );
  }
  const setup = start.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  return (
    <div className="mt-4 space-y-4">
      <p>{TEXTS.scan}</p>
      <img
        src={setup.qr}
        alt={TEXTS.qr}
        width={200}
        height={200}
        className="rounded-lg border border-stone-200"
      />
      <div>
        <p className="text-sm text-stone-700">{TEXTS.manual}</p>
        <div className="mt-1 flex items-center gap-2">
          <code className="min-w-0 break-all rounded bg-stone-100 px-2 py-1 font-mono text-base">
            {setup.secret}
          </code>
          <CopyButton value={setup.secret} label={TEXTS.copySecret} />
        </div>
      </div>
      <form aria-label={TEXTS.confirm} onSubmit={submit} noValidate className="max-w-xs space-y-3">
        <CodeField error={fieldErrors.code} />
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <button type="submit" className="btn-primary" disabled={verify.isPending}>
          {TEXTS.confirm}
        </button>
      </form>
    </div>
  );
}

function TurnOff() {
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  const turnOff = useMutation({
    mutationFn: (code: string) => api.delete(API.admin.totp, { code }),
    onSuccess: () => {
      toast.success(TEXTS.turnedOff);
      setFormKey((key) => key + 1);
      queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
  // While the owner requires it, the server refuses (409) and says so; only it knows the rule for every role.
  const { fieldErrors, formError } = useCodeErrors(turnOff.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    turnOff.mutate(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  return (
    <form
      key={formKey}
      aria-label={TEXTS.turnOffTitle}
      onSubmit={submit}
      noValidate
      className="mt-4 max-w-xs space-y-3"
    >
      <h3 className="font-semibold text-stone-800">{TEXTS.turnOffTitle}</h3>
      <p className="text-sm text-stone-600">{TEXTS.turnOffHint}</p>
      <CodeField error={fieldErrors.code} />
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <button type="submit" className="btn-secondary" disabled={turnOff.isPending}>
        {TEXTS.turnOff}
      </button>
    </form>
  );
}

/** The member's own account: who they are and their two-factor sign-in, for every staff role. */
export default function AccountPage() {
  const visitor = useVisitor();
  if (visitor.data?.kind !== 'staff') return null;
  const me = visitor.data;
  return (
    <section aria-labelledby="account-title" className="max-w-2xl">
      <h1 id="account-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <p className="mt-1 break-words text-stone-600">
        {me.user.name} · {me.user.email} · {me.user.role}
      </p>
      {me.twoFactorSetupRequired && (
        <div className="mt-4">
          <FormMessage tone="info">{ADMIN_TEXTS.twoFactorSetupRequired}</FormMessage>
        </div>
      )}
      <div className="surface-card mt-6 p-4">
        <h2 className="font-semibold text-brand-900">{TEXTS.twoFactor}</h2>
        <p className="mt-1 text-stone-700">{me.twoFactorEnabled ? TEXTS.on : TEXTS.off}</p>
        {me.twoFactorEnabled ? <TurnOff /> : <SetUp />}
      </div>
    </section>
  );
}
