import { type FormEvent, useState } from 'react';
import { indianMobileSchema, type User } from '../../../../../common/schemas/auth';
import { FormMessage, TextField } from '../../../../components/ui/form-fields';
import { useUpdateProfileMutation } from '../../api/update-profile';
import { formErrorsFrom } from '../../lib/errors';
import { useSession } from '../../session';
import { PROFILE_TEXTS } from '../../texts';
import { ProfileSection } from './profile-section';

type DetailsField = 'name' | 'phone';

/** Name (editable), email (read-only) and mobile number. A changed number needs verifying again. */
export function ProfileDetails({ user }: { user: User }) {
  const session = useSession();
  const mutation = useUpdateProfileMutation();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DetailsField, string>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const errors: Partial<Record<DetailsField, string>> = {};
    if (name.trim().length < 2) errors.name = PROFILE_TEXTS.required;
    const trimmedPhone = phone.trim();
    if (trimmedPhone && !indianMobileSchema.safeParse(trimmedPhone).success)
      errors.phone = PROFILE_TEXTS.phoneInvalid;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const updated = await mutation.mutateAsync({ name: name.trim(), phone: trimmedPhone || null });
      setName(updated.name);
      setPhone(updated.phone ?? '');
      setMessage({ ok: true, text: PROFILE_TEXTS.saved });
      // A new number is unverified: the session (and the phone reminder) must know.
      await session.refresh();
    } catch (error) {
      const result = formErrorsFrom(error, ['name', 'phone'] as const, PROFILE_TEXTS);
      setFieldErrors(result.fieldErrors);
      if (result.formError) setMessage({ ok: false, text: result.formError });
    }
  }

  return (
    <ProfileSection title={PROFILE_TEXTS.detailsTitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={PROFILE_TEXTS.detailsTitle}>
        {message && <FormMessage tone={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
        <TextField
          label={PROFILE_TEXTS.name}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name}
          required
        />
        <TextField
          label={PROFILE_TEXTS.email}
          type="email"
          name="email"
          value={user.email}
          readOnly
          hint={PROFILE_TEXTS.emailHint}
        />
        <TextField
          label={PROFILE_TEXTS.phone}
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="numeric"
          maxLength={10}
          value={phone}
          onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
          error={fieldErrors.phone}
          hint={PROFILE_TEXTS.phoneHint}
        />
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? PROFILE_TEXTS.saving : PROFILE_TEXTS.save}
        </button>
      </form>
    </ProfileSection>
  );
}
