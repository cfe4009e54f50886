import { describe, expect, it } from 'vitest';
import { captchaSiteKeyFor, isLocalHost } from './site-key';

describe('captcha site key by host (SPEC.md §7)', () => {
  const both = {
    CAPTCHA_PROVIDER: 'recaptcha' as const,
    RECAPTCHA_SITE_KEY: 'site-key-public',
    RECAPTCHA_SITE_KEY_LOCALHOST: 'site-key-local',
  };

  it('uses the localhost key on localhost and the main key elsewhere', () => {
    expect(captchaSiteKeyFor(both, 'localhost')).toBe('site-key-local');
    expect(captchaSiteKeyFor(both, '127.0.0.1')).toBe('site-key-local');
    expect(captchaSiteKeyFor(both, '[::1]')).toBe('site-key-local');
    expect(captchaSiteKeyFor(both, 'shop.localhost')).toBe('site-key-local');
    expect(captchaSiteKeyFor(both, 'pehnava.in')).toBe('site-key-public');
    expect(captchaSiteKeyFor(both, 'localhost.evil.example')).toBe('site-key-public');
  });

  it('uses the main key everywhere when there is no localhost key', () => {
    const one = { ...both, RECAPTCHA_SITE_KEY_LOCALHOST: undefined };
    expect(captchaSiteKeyFor(one, 'localhost')).toBe('site-key-public');
    expect(captchaSiteKeyFor(one, 'pehnava.in')).toBe('site-key-public');
  });

  it('gives no key when the captcha is off', () => {
    expect(captchaSiteKeyFor({ ...both, CAPTCHA_PROVIDER: 'off' }, 'pehnava.in')).toBeNull();
  });

  it('knows the local host names', () => {
    expect(isLocalHost('LOCALHOST')).toBe(true);
    expect(isLocalHost('::1')).toBe(true);
    expect(isLocalHost('10.0.0.5')).toBe(false);
  });
});
