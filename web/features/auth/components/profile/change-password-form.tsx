import { type FormEvent, useState } from 'react';
import { passwordChecks } from '../../../../../common/schemas/auth';
import { FormMessage, PasswordField } from '../../../../components/ui/form-fields';
import { useChangePasswordMutation } from '../../api/change-password';
import { formErrorsFrom } from '../../lib/errors';
import { PROFILE_TEXTS } from '../../texts';
import { PasswordChecklist } from '../password-checklist';
import { useConfirmPassword } from '../use-confirm-password';
import { ProfileSection } from './profile-section';

type PasswordFieldName = 'currentPassword' | 'newPassword';

/** Current password, new password with the live checklist, and its confirmation. */
export function ChangePasswordForm() {
  const mutation = useChangePasswordMutation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const confirm = useConfirmPassword(newPassword);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PasswordFieldName, string>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const errors: Partial<Record<PasswordFieldName, string>> = {};
    if (!currentPassword) errors.currentPassword = PROFILE_TEXTS.required;
    if (!Object.values(passwordChecks(newPassword)).every(Boolean))
      errors.newPassword = PROFILE_TEXTS.passwordRules;
    setFieldErrors(errors);
    const confirmOk = confirm.checkOnSubmit();
    if (Object.keys(errors).length > 0 || !confirmOk) return;
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      confirm.reset();
      setMessage({ ok: true, text: PROFILE_TEXTS.passwordChanged });
    } catch (error) {
      const result = formErrorsFrom(error, ['currentPassword', 'newPassword'] as const, PROFILE_TEXTS);
      setFieldErrors(result.fieldErrors);
      if (result.formError) setMessage({ ok: false, text: result.formError });
    }
  }

  return (
    <ProfileSection title={PROFILE_TEXTS.passwordTitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={PROFILE_TEXTS.passwordTitle}>
        {message && <FormMessage tone={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
        <PasswordField
          label={PROFILE_TEXTS.currentPassword}
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={fieldErrors.currentPassword}
          required
        />
        <PasswordField
          label={PROFILE_TEXTS.newPassword}
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={fieldErrors.newPassword}
          required
          after={<PasswordChecklist password={newPassword} />}
        />
        <PasswordField
          label={PROFILE_TEXTS.confirmPassword}
          name="confirmNewPassword"
          autoComplete="new-password"
          value={confirm.value}
          onChange={(event) => confirm.onChange(event.target.value)}
          onBlur={confirm.onBlur}
          error={confirm.message}
          required
        />
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? PROFILE_TEXTS.changingPassword : PROFILE_TEXTS.changePassword}
        </button>
      </form>
    </ProfileSection>
  );
}
