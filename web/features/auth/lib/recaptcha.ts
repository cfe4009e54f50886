/** reCAPTCHA v3 in the browser: loads Google's script once per site key and asks it for tokens. */

interface Grecaptcha {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

const loading = new Map<string, Promise<Grecaptcha>>();

/** Adds `api.js?render=KEY` to the page (once) and resolves when grecaptcha is ready. */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  const existing = loading.get(siteKey);
  if (existing) return existing;
  const promise = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) {
        reject(new Error('reCAPTCHA did not load'));
        return;
      }
      grecaptcha.ready(() => resolve(grecaptcha));
    };
    script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'));
    document.head.append(script);
  });
  // A failed load may be retried on the next request.
  promise.catch(() => loading.delete(siteKey));
  loading.set(siteKey, promise);
  return promise;
}

/** A bot-check token for one action, e.g. `forgot_password` (SPEC.md §7). */
export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey);
  return grecaptcha.execute(siteKey, { action });
}
