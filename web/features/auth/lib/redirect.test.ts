import { describe, expect, it } from 'vitest';
import { authPath, safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeRedirectTarget('/profile')).toBe('/profile');
    expect(safeRedirectTarget('/myorders?page=2#top')).toBe('/myorders?page=2#top');
  });

  it.each([
    'https://evil.example/profile',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'profile',
    '',
    null,
    '/auth?mode=login',
    '/forgotpwd',
  ])('refuses %s', (value) => {
    expect(safeRedirectTarget(value)).toBeNull();
  });

  it('builds /auth links that keep only a safe target', () => {
    expect(authPath('signup', '/profile')).toBe('/auth?mode=signup&redirect=%2Fprofile');
    expect(authPath('login', '//evil.example')).toBe('/auth?mode=login');
    expect(authPath('login', '/')).toBe('/auth?mode=login');
  });
});
