import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOtpHasher, generateOtp } from './otp';

describe('one-time codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 500; i++) expect(generateOtp()).toMatch(/^[0-9]{6}$/);
  });

  it('are not all the same', () => {
    const seen = new Set(Array.from({ length: 50 }, generateOtp));
    expect(seen.size).toBeGreaterThan(40);
  });

  it('match only the right code, for the right record and purpose', () => {
    const hasher = createOtpHasher('s'.repeat(64));
    const stored = hasher.hashCode('password-reset', 'row-1', '012345');
    expect(stored).not.toContain('012345');
    expect(hasher.matches(stored, 'password-reset', 'row-1', '012345')).toBe(true);
    expect(hasher.matches(stored, 'password-reset', 'row-1', '012346')).toBe(false);
    expect(hasher.matches(stored, 'password-reset', 'row-2', '012345')).toBe(false);
    expect(hasher.matches(stored, 'phone', 'row-1', '012345')).toBe(false);
    expect(createOtpHasher('t'.repeat(64)).matches(stored, 'password-reset', 'row-1', '012345')).toBe(false);
    expect(hasher.matches('not-hex', 'password-reset', 'row-1', '012345')).toBe(false);
  });

  it('never match a different code (property)', () => {
    const hasher = createOtpHasher('k'.repeat(64));
    const code = fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0'));
    fc.assert(
      fc.property(code, code, (a, b) => {
        const stored = hasher.hashCode('p', 'r', a);
        expect(hasher.matches(stored, 'p', 'r', b)).toBe(a === b);
      }),
    );
  });

  it('derive stable subject keys that hide the subject', () => {
    const hasher = createOtpHasher('s'.repeat(64));
    const key = hasher.subjectKey('email', 'asha@example.com');
    expect(key).toBe(hasher.subjectKey('email', 'asha@example.com'));
    expect(key).not.toBe(hasher.subjectKey('ip', 'asha@example.com'));
    expect(key).not.toContain('asha');
  });
});
