import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_RESET_REDIRECT_MS } from '../../../../common/constants';
import { FormMessage, PasswordField, TextField } from '../../../components/ui/form-fields';
import { useErrorFocus } from '../../../components/ui/use-error-focus';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { useResetPasswordMutation } from '../api/reset-password';
import { useVerifyOtpMutation } from '../api/verify-otp';
import { loadRecaptcha, recaptchaToken } from '../lib/recaptcha';
import {
  resetFailed,
  resetSucceeded,
  type StepOutcome,
  sendOtpFailed,
  sendOtpSucceeded,
  verifyOtpFailed,
  verifyOtpSucceeded,
} from '../lib/recovery-messages';
import { authPath } from '../lib/redirect';
import { FORGOT_TEXTS } from '../texts';
import { PasswordChecklist } from './password-checklist';
import { useConfirmPassword } from './use-confirm-password';

type Step = 1 | 2 | 3;

const STEP_TITLES: Record<Step, string> = {
  1: FORGOT_TEXTS.emailTitle,
  2: FORGOT_TEXTS.otpTitle,
  3: FORGOT_TEXTS.resetTitle,
};

/** The reCAPTCHA action name of this form (SPEC.md §7). */
export const FORGOT_PASSWORD_CAPTCHA_ACTION = 'forgot_password';

interface ForgotPasswordFormProps {
  /** The reCAPTCHA site key when a captcha provider is configured, null when not, undefined while unknown. */
  captchaSiteKey: string | null | undefined;
  /** Resolves the site key when the request is made (waits for the shop's settings if needed). */
  resolveCaptchaSiteKey: () => Promise<string | null>;
}

/**
 * Password recovery in three steps (SPEC.md §2, §4, §5, §8): email → emailed OTP → new password, then
 * the fields are cleared and the shopper goes to sign in after 2 seconds.
 */
export function ForgotPasswordForm({ captchaSiteKey, resolveCaptchaSiteKey }: ForgotPasswordFormProps) {
  const navigate = useNavigate();
  const sendOtp = useForgotPasswordMutation();
  const verifyOtp = useVerifyOtpMutation();
  const resetPassword = useResetPasswordMutation();
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const confirm = useConfirmPassword(newPassword);
  const [outcome, setOutcome] = useState<StepOutcome | null>(null);
  const [finished, setFinished] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const errorFocus = useErrorFocus<HTMLDivElement>();

  // Load Google's script early so the token is quick when the shopper presses Send OTP.
  useEffect(() => {
    if (captchaSiteKey) loadRecaptcha(captchaSiteKey).catch(() => undefined);
  }, [captchaSiteKey]);

  // Each new step moves focus to its title, so screen readers announce where the shopper is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, by design.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => void navigate(authPath('login')), PASSWORD_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [finished, navigate]);

  /** A step's answer; a failure marks the step's field and moves focus to it (read out by the live message). */
  function settle(result: StepOutcome) {
    setOutcome(result);
    if (!result.ok) errorFocus.failed();
  }
  const invalid = outcome?.ok === false ? true : undefined;

  const pending = sendOtp.isPending || verifyOtp.isPending || resetPassword.isPending;

  async function onSendOtp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      settle({ ok: false, message: FORGOT_TEXTS.emailRequired });
      return;
    }
    let result: StepOutcome;
    try {
      const siteKey = await resolveCaptchaSiteKey();
      const token = siteKey ? await recaptchaToken(siteKey, FORGOT_PASSWORD_CAPTCHA_ACTION) : undefined;
      result = sendOtpSucceeded(
        await sendOtp.mutateAsync(token ? { email: address, token } : { email: address }),
      );
    } catch (error) {
      result = sendOtpFailed(error);
    }
    settle(result);
    if (result.ok) {
      setOtp('');
      setStep(2);
    }
  }

  async function onVerifyOtp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = otp.trim();
    if (!code) {
      settle({ ok: false, message: FORGOT_TEXTS.invalidOtp });
      return;
    }
    let result: StepOutcome;
    try {
      result = verifyOtpSucceeded(await verifyOtp.mutateAsync({ email: email.trim(), otp: code }));
    } catch (error) {
      result = verifyOtpFailed(error);
    }
    settle(result);
    if (result.ok) setStep(3);
  }

  async function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirm.checkOnSubmit()) {
      errorFocus.failed();
      return;
    }
    let result: StepOutcome;
    try {
      result = resetSucceeded(await resetPassword.mutateAsync({ email: email.trim(), newPassword }));
    } catch (error) {
      result = resetFailed(error);
    }
    settle(result);
    if (result.ok) {
      setEmail('');
      setOtp('');
      setNewPassword('');
      confirm.reset();
      setFinished(true);
    }
  }

  function changeEmail() {
    setOutcome(null);
    setOtp('');
    setStep(1);
  }

  return (
    <div ref={errorFocus.ref} className="surface-card p-5 sm:p-8">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
        {FORGOT_TEXTS.stepOf(step)}
      </p>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 font-display text-3xl font-semibold text-stone-900 focus:outline-none"
      >
        {STEP_TITLES[step]}
      </h1>
      <p className="mt-1 mb-6 text-stone-700">
        {step === 1 && FORGOT_TEXTS.emailIntro}
        {step === 2 && FORGOT_TEXTS.otpIntro(email.trim())}
        {step === 3 && FORGOT_TEXTS.resetIntro}
      </p>

      <div aria-live="polite" className="mb-4 empty:hidden">
        {outcome && <FormMessage tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</FormMessage>}
        {finished && <p className="mt-2 text-sm text-stone-600">{FORGOT_TEXTS.redirecting}</p>}
      </div>

      {step === 1 && (
        <form noValidate onSubmit={onSendOtp} className="space-y-4" aria-label={FORGOT_TEXTS.emailTitle}>
          <TextField
            label={FORGOT_TEXTS.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={invalid}
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {sendOtp.isPending ? FORGOT_TEXTS.sendingOtp : FORGOT_TEXTS.sendOtp}
          </button>
          {captchaSiteKey && <p className="text-xs text-stone-500">{FORGOT_TEXTS.captchaNotice}</p>}
        </form>
      )}

      {step === 2 && (
        <form noValidate onSubmit={onVerifyOtp} className="space-y-4" aria-label={FORGOT_TEXTS.otpTitle}>
          <TextField
            label={FORGOT_TEXTS.otp}
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
            aria-invalid={invalid}
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {verifyOtp.isPending ? FORGOT_TEXTS.verifyingOtp : FORGOT_TEXTS.verifyOtp}
          </button>
          <button type="button" onClick={changeEmail} className="btn-secondary w-full">
            {FORGOT_TEXTS.useAnotherEmail}
          </button>
        </form>
      )}

      {step === 3 && (
        <form noValidate onSubmit={onReset} className="space-y-4" aria-label={FORGOT_TEXTS.resetTitle}>
          <PasswordField
            label={FORGOT_TEXTS.newPassword}
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            aria-invalid={confirm.matches ? invalid : undefined}
            disabled={finished}
            required
            after={<PasswordChecklist password={newPassword} />}
          />
          <PasswordField
            label={FORGOT_TEXTS.confirmPassword}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm.value}
            onChange={(event) => confirm.onChange(event.target.value)}
            onBlur={confirm.onBlur}
            error={confirm.message}
            disabled={finished}
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={pending || finished}>
            {resetPassword.isPending ? FORGOT_TEXTS.resettingPassword : FORGOT_TEXTS.resetPassword}
          </button>
        </form>
      )}

      <p className="mt-6 text-center text-sm">
        <Link to={authPath('login')} className="text-link">
          {FORGOT_TEXTS.backToLogin}
        </Link>
      </p>
    </div>
  );
}
