import type { CaptchaProvider } from './captcha-provider';

/** No bot check (the local demo and tests): every token, even none, passes. */
export function createOffCaptchaProvider(): CaptchaProvider {
  return { name: 'off', verify: async () => ({ ok: true }) };
}
