import { type FormEvent, useState } from 'react';
import type { User } from '../../../../../common/schemas/auth';
import { FormMessage, TextField } from '../../../../components/ui/form-fields';
import { useSendPhoneOtpMutation } from '../../api/send-phone-otp';
import { useVerifyPhoneMutation } from '../../api/verify-phone';
import { formErrorsFrom } from '../../lib/errors';
import { useSession } from '../../session';
import { PROFILE_TEXTS } from '../../texts';
import { ProfileSection } from './profile-section';

/** The mobile number's verification: send a code by SMS, enter it, see the Verified badge. */
export function PhoneVerification({ user }: { user: User }) {
  const session = useSession();
  const sendCode = useSendPhoneOtpMutation();
  const verify = useVerifyPhoneMutation();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const phone = user.phone;
  const verified = Boolean(phone) && user.isMobVerified;

  async function onSend() {
    setMessage(null);
    try {
      await sendCode.mutateAsync();
      setCodeSentTo(phone);
      setCode('');
    } catch (error) {
      setMessage({
        ok: false,
        text: formErrorsFrom(error, [], PROFILE_TEXTS).formError ?? PROFILE_TEXTS.unexpected,
      });
    }
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    try {
      await verify.mutateAsync(code.trim());
      setCodeSentTo(null);
      setMessage({ ok: true, text: PROFILE_TEXTS.phoneVerified });
      await session.refresh();
    } catch (error) {
      const result = formErrorsFrom(error, ['otp'] as const, PROFILE_TEXTS);
      setMessage({ ok: false, text: result.fieldErrors.otp ?? result.formError ?? PROFILE_TEXTS.unexpected });
    }
  }

  const badge = verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800">
      <span aria-hidden="true">✓</span> {PROFILE_TEXTS.verified}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-marigold-100 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
      {PROFILE_TEXTS.notVerified}
    </span>
  );

  return (
    <ProfileSection title={PROFILE_TEXTS.phoneTitle}>
      {!phone ? (
        <p className="text-stone-700">{PROFILE_TEXTS.noPhone}</p>
      ) : (
        <div className="space-y-4">
          <p className="flex flex-wrap items-center gap-3">
            <span className="font-medium text-stone-900">+91 {phone}</span>
            {badge}
          </p>
          {message && <FormMessage tone={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
          {!verified && codeSentTo !== phone && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void onSend()}
              disabled={sendCode.isPending}
            >
              {sendCode.isPending ? PROFILE_TEXTS.sendingCode : PROFILE_TEXTS.sendCode}
            </button>
          )}
          {!verified && codeSentTo === phone && (
            <form noValidate onSubmit={onVerify} className="space-y-3" aria-label={PROFILE_TEXTS.phoneTitle}>
              <p className="text-sm text-stone-700">{PROFILE_TEXTS.codeSent(phone)}</p>
              <TextField
                label={PROFILE_TEXTS.code}
                name="phoneOtp"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                required
              />
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  className="btn-primary"
                  disabled={verify.isPending || code.length !== 6}
                >
                  {verify.isPending ? PROFILE_TEXTS.verifying : PROFILE_TEXTS.verify}
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void onSend()}
                  disabled={sendCode.isPending}
                >
                  {PROFILE_TEXTS.resendCode}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </ProfileSection>
  );
}
