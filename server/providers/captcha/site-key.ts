import type { Config } from '../../config/config';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True for the host names a developer's browser uses for a shop on the same machine. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
}

/**
 * The reCAPTCHA site key the browser should use on `hostname` (SPEC.md §7: one key for localhost, one
 * otherwise), or null when no captcha provider is configured. A localhost key is optional; without it
 * the main key serves every host.
 */
export function captchaSiteKeyFor(
  config: Pick<Config, 'CAPTCHA_PROVIDER' | 'RECAPTCHA_SITE_KEY' | 'RECAPTCHA_SITE_KEY_LOCALHOST'>,
  hostname: string,
): string | null {
  if (config.CAPTCHA_PROVIDER !== 'recaptcha') return null;
  if (config.RECAPTCHA_SITE_KEY_LOCALHOST && isLocalHost(hostname))
    return config.RECAPTCHA_SITE_KEY_LOCALHOST;
  return config.RECAPTCHA_SITE_KEY ?? null;
}
