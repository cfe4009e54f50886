/** Why a captcha check failed; logged, never shown to the visitor in detail. */
export type CaptchaFailure = 'missing-token' | 'rejected' | 'wrong-action' | 'low-score' | 'unavailable';

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaFailure };

/** Checks a bot-check token the browser got from the captcha service for one action. */
export interface CaptchaProvider {
  readonly name: 'off' | 'recaptcha' | (string & {});
  verify(token: string | undefined, action: string, remoteIp?: string): Promise<CaptchaVerdict>;
}
