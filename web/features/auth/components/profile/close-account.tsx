import { type FormEvent, useState } from 'react';
import { FormMessage, PasswordField } from '../../../../components/ui/form-fields';
import { useDeleteAccountMutation } from '../../api/delete-account';
import { formErrorsFrom } from '../../lib/errors';
import { useSession } from '../../session';
import { PROFILE_TEXTS } from '../../texts';
import { ProfileSection } from './profile-section';

/** Closing the account: a clear warning, the password to confirm, then signed out to /. */
export function CloseAccount() {
  const session = useSession();
  const mutation = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError(PROFILE_TEXTS.required);
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync(password);
    } catch (failure) {
      const result = formErrorsFrom(failure, ['password'] as const, PROFILE_TEXTS);
      setError(result.fieldErrors.password ?? result.formError ?? PROFILE_TEXTS.unexpected);
      return;
    }
    // The server has ended the session with the account: only the browser side is left to clear.
    await session.logout({ callServer: false });
  }

  return (
    <ProfileSection title={PROFILE_TEXTS.closeTitle} tone="danger">
      <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{PROFILE_TEXTS.closeWarning}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {PROFILE_TEXTS.closeConsequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label={PROFILE_TEXTS.closeTitle}>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <PasswordField
          label={PROFILE_TEXTS.closePassword}
          name="closePassword"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <button
          type="submit"
          disabled={mutation.isPending}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-6 font-semibold text-white transition-colors hover:bg-red-800"
        >
          {mutation.isPending ? PROFILE_TEXTS.closing : PROFILE_TEXTS.closeConfirm}
        </button>
      </form>
    </ProfileSection>
  );
}
