import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../common/api-paths';
import { PASSWORD_TOGGLE_TEXTS } from '../../../components/ui/form-fields';
import { type Handler, renderWithApp } from '../../../testing/render-with-app';
import { GUEST_STATUS } from '../api/check-auth';
import { FORGOT_TEXTS } from '../texts';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SENT: Handler = () => ({ status: 200, body: { message: 'OTP sent to registered email' } });
const VERIFIED: Handler = () => ({ status: 200, body: { message: 'OTP verified successfully.' } });

function renderForm(handlers: Record<string, Handler>, siteKey: string | null = null) {
  return renderWithApp(
    [
      {
        path: '/forgotpwd',
        element: <ForgotPasswordForm captchaSiteKey={siteKey} resolveCaptchaSiteKey={async () => siteKey} />,
      },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    {
      path: '/forgotpwd',
      session: true,
      api: {
        [`GET ${API.users.checkAuth}`]: () => ({ status: 200, body: GUEST_STATUS }),
        ...handlers,
      },
    },
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function toOtpStep() {
  fill(FORGOT_TEXTS.email, 'asha@example.com');
  press(FORGOT_TEXTS.sendOtp);
  await screen.findByRole('heading', { name: 'Verify OTP' });
}

async function toResetStep() {
  await toOtpStep();
  fill(FORGOT_TEXTS.otp, '123456');
  press(FORGOT_TEXTS.verifyOtp);
  await screen.findByRole('heading', { name: 'Reset Password' });
}

describe('ForgotPasswordForm, step 1: Forgot Password', () => {
  it('asks for the email when it is blank, without calling the server', async () => {
    const { api } = renderForm({});
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    press(FORGOT_TEXTS.sendOtp);
    expect(await screen.findByText('❌ Please enter your email.')).toBeInTheDocument();
    // The failed submit is seen: focus is on the email field, marked invalid.
    expect(screen.getByLabelText(FORGOT_TEXTS.email)).toHaveFocus();
    expect(screen.getByLabelText(FORGOT_TEXTS.email)).toBeInvalid();
    expect(api.keys()).not.toContain(`POST ${API.passwordReset.forgotPassword}`);
  });

  it.each<[string, string, Handler]>([
    ['404', '❌ User not found.', () => ({ status: 404, body: { message: 'No such user' } })],
    ['a network failure', '❌ An error occurred while sending OTP.', () => 'network-error'],
    [
      'a server error',
      '❌ An error occurred while sending OTP.',
      () => ({ status: 500, body: { message: 'boom' } }),
    ],
    [
      '429 with a message',
      'Too many requests.',
      () => ({ status: 429, body: { message: 'Too many requests.' } }),
    ],
    [
      'another answer with a message',
      'Mail is down',
      () => ({ status: 200, body: { message: 'Mail is down' } }),
    ],
    ['an answer without a message', '❌ Failed to send OTP.', () => ({ status: 200, body: {} })],
    ['an empty answer', 'Invalid response from server.', () => ({ status: 200 })],
  ])('on %s shows "%s" and stays on step 1', async (_case, message, handler) => {
    renderForm({ [`POST ${API.passwordReset.forgotPassword}`]: handler });
    fill(FORGOT_TEXTS.email, 'asha@example.com');
    press(FORGOT_TEXTS.sendOtp);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('moves to Verify OTP on "OTP sent to registered email", sending no captcha token when captcha is off', async () => {
    const { api } = renderForm({ [`POST ${API.passwordReset.forgotPassword}`]: SENT });
    await toOtpStep();
    expect(screen.getByText('✅ OTP sent to your email.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === `POST ${API.passwordReset.forgotPassword}`)?.body).toEqual({
      email: 'asha@example.com',
    });
  });

  it('sends a reCAPTCHA token for action forgot_password when a site key is configured', async () => {
    const execute = vi.fn(async () => 'captcha-token');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    const appended = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes)
        if (node instanceof HTMLScriptElement) queueMicrotask(() => node.onload?.(new Event('load')));
    });
    const { api } = renderForm({ [`POST ${API.passwordReset.forgotPassword}`]: SENT }, 'site-key-1');
    await toOtpStep();
    const script = appended.mock.calls
      .flat()
      .find((node) => node instanceof HTMLScriptElement) as HTMLScriptElement;
    expect(script.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'forgot_password' });
    expect(api.calls.find((call) => call.key === `POST ${API.passwordReset.forgotPassword}`)?.body).toEqual({
      email: 'asha@example.com',
      token: 'captcha-token',
    });
    appended.mockRestore();
    delete window.grecaptcha;
  });
});

describe('ForgotPasswordForm, step 2: Verify OTP', () => {
  it.each<[string, string, Handler]>([
    [
      '400 with a message',
      'Invalid or expired OTP.',
      () => ({ status: 400, body: { message: 'Invalid or expired OTP.' } }),
    ],
    ['400 without a message', '❌ Invalid OTP.', () => ({ status: 400 })],
    ['another answer', '❌ Invalid OTP.', () => ({ status: 200, body: {} })],
    ['a network failure', '❌ An error occurred while verifying OTP.', () => 'network-error'],
  ])('on %s shows "%s"', async (_case, message, handler) => {
    renderForm({
      [`POST ${API.passwordReset.forgotPassword}`]: SENT,
      [`POST ${API.passwordReset.verifyOtp}`]: handler,
    });
    await toOtpStep();
    fill(FORGOT_TEXTS.otp, '123456');
    press(FORGOT_TEXTS.verifyOtp);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify OTP' })).toBeInTheDocument();
  });

  it('moves to Reset Password on "OTP verified successfully."', async () => {
    const { api } = renderForm({
      [`POST ${API.passwordReset.forgotPassword}`]: SENT,
      [`POST ${API.passwordReset.verifyOtp}`]: VERIFIED,
    });
    await toResetStep();
    expect(screen.getByText('✅ OTP verified successfully.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === `POST ${API.passwordReset.verifyOtp}`)?.body).toEqual({
      email: 'asha@example.com',
      otp: '123456',
    });
  });
});

describe('ForgotPasswordForm, step 3: Reset Password', () => {
  const base = {
    [`POST ${API.passwordReset.forgotPassword}`]: SENT,
    [`POST ${API.passwordReset.verifyOtp}`]: VERIFIED,
  };

  it('blocks a mismatched confirmation with the SPEC messages, and toggles the password visibility', async () => {
    const { api } = renderForm({ ...base });
    await toResetStep();
    const input = screen.getByLabelText(FORGOT_TEXTS.newPassword);
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getAllByRole('button', { name: PASSWORD_TOGGLE_TEXTS.show })[0] as HTMLElement);
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: PASSWORD_TOGGLE_TEXTS.hide }));
    expect(input).toHaveAttribute('type', 'password');

    fill(FORGOT_TEXTS.newPassword, 'Secret#123');
    fill(FORGOT_TEXTS.confirmPassword, 'Secret#12');
    expect(screen.getByText('❌ Passwords do not match.')).toBeInTheDocument();
    press(FORGOT_TEXTS.resetPassword);
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.keys()).not.toContain(`POST ${API.passwordReset.resetPassword}`);
  });

  it.each<[string, string, Handler]>([
    [
      '422 with a message',
      'Password is too common.',
      () => ({ status: 422, body: { message: 'Password is too common.' } }),
    ],
    ['403 without a message', '❌ An error occurred while resetting password.', () => ({ status: 403 })],
    ['a network failure', '❌ An error occurred while resetting password.', () => 'network-error'],
    ['another answer', '❌ Failed to reset password.', () => ({ status: 200, body: {} })],
  ])('on %s shows "%s"', async (_case, message, handler) => {
    renderForm({ ...base, [`POST ${API.passwordReset.resetPassword}`]: handler });
    await toResetStep();
    fill(FORGOT_TEXTS.newPassword, 'Secret#123');
    fill(FORGOT_TEXTS.confirmPassword, 'Secret#123');
    press(FORGOT_TEXTS.resetPassword);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('sends the reset with the CSRF token the page already holds: verify-otp keeps it valid', async () => {
    const { api } = renderForm({
      ...base,
      [`POST ${API.passwordReset.resetPassword}`]: () => ({
        status: 200,
        body: { message: 'Password reset successfully.' },
      }),
    });
    await toResetStep();
    fill(FORGOT_TEXTS.newPassword, 'Saree#Cotton2027');
    fill(FORGOT_TEXTS.confirmPassword, 'Saree#Cotton2027');
    press(FORGOT_TEXTS.resetPassword);
    await screen.findByText('✅ Password reset successfully.');
    const keys = api.keys();
    const between = keys.slice(
      keys.indexOf(`POST ${API.passwordReset.verifyOtp}`),
      keys.indexOf(`POST ${API.passwordReset.resetPassword}`),
    );
    expect(between).not.toContain(`GET ${API.users.csrf}`);
  });

  it('on success clears the fields and goes to sign in after 2 seconds', async () => {
    const { api, router } = renderForm({
      ...base,
      [`POST ${API.passwordReset.resetPassword}`]: () => ({
        status: 200,
        body: { message: 'Password reset successfully.' },
      }),
    });
    await toResetStep();
    fill(FORGOT_TEXTS.newPassword, 'Secret#123');
    fill(FORGOT_TEXTS.confirmPassword, 'Secret#123');
    press(FORGOT_TEXTS.resetPassword);
    await screen.findByText('✅ Password reset successfully.');
    const shownAt = Date.now();
    expect(api.calls.find((call) => call.key === `POST ${API.passwordReset.resetPassword}`)?.body).toEqual({
      email: 'asha@example.com',
      newPassword: 'Secret#123',
    });
    expect(screen.getByLabelText(FORGOT_TEXTS.newPassword)).toHaveValue('');
    expect(screen.getByLabelText(FORGOT_TEXTS.confirmPassword)).toHaveValue('');

    expect(router.state.location.pathname).toBe('/forgotpwd');
    await screen.findByText('Sign-in page', undefined, { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
    expect(router.state.location.pathname + router.state.location.search).toBe('/auth?mode=login');
  });
});
