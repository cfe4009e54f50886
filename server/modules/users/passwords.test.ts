import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Kurta#Silk2026');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('Kurta#Silk2026');
    expect(await verifyPassword(stored, 'Kurta#Silk2026')).toBe(true);
    expect(await verifyPassword(stored, 'kurta#silk2026')).toBe(false);
  });

  it('refuses every password when there is no hash, or a broken one', async () => {
    expect(await verifyPassword(null, 'Kurta#Silk2026')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Kurta#Silk2026')).toBe(false);
  });
});
