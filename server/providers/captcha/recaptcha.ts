import { z } from 'zod';
import type { ProviderLogger } from '../logger';
import type { CaptchaProvider, CaptchaVerdict } from './captcha-provider';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 scores from 0 (a bot) to 1 (a person); Google suggests 0.5 as the starting threshold. */
export const RECAPTCHA_MIN_SCORE = 0.5;

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export interface RecaptchaOptions {
  secret: string;
  log: ProviderLogger;
  /** The siteverify endpoint; tests point it at a local fake. */
  verifyUrl?: string;
  minScore?: number;
  timeoutMs?: number;
}

/**
 * Google reCAPTCHA v3: asks siteverify about the token and passes only a successful answer for the
 * expected action with a score of at least `minScore`. Anything else, including the service being
 * unreachable or answering nonsense, fails closed.
 */
export function createRecaptchaProvider({
  secret,
  log,
  verifyUrl = RECAPTCHA_VERIFY_URL,
  minScore = RECAPTCHA_MIN_SCORE,
  timeoutMs = 5000,
}: RecaptchaOptions): CaptchaProvider {
  return {
    name: 'recaptcha',
    async verify(token, action, remoteIp): Promise<CaptchaVerdict> {
      if (!token) return { ok: false, reason: 'missing-token' };
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let answer: z.infer<typeof siteverifyAnswer>;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
        answer = siteverifyAnswer.parse(await response.json());
      } catch (error) {
        log.warn(`recaptcha: verification unavailable, refusing (${(error as Error).message})`);
        return { ok: false, reason: 'unavailable' };
      }
      if (!answer.success) return { ok: false, reason: 'rejected' };
      if (answer.action !== action) return { ok: false, reason: 'wrong-action' };
      if (answer.score === undefined || answer.score < minScore) return { ok: false, reason: 'low-score' };
      return { ok: true };
    },
  };
}
