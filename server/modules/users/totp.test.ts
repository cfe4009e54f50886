import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { acceptedStep, enrolmentOf, newTotpSecret, openSecret, sealSecret, totpKeyOf } from './totp';

const at = new Date('2026-03-02T10:00:15Z');
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const codeAt = (secret: string, date: Date) => generate({ secret, epoch: epoch(date) });
const step = (date: Date) => Math.floor(epoch(date) / 30);

describe('sealed secrets', () => {
  it('open with the same key only', () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(totpKeyOf('a'.repeat(32)), secret);
    expect(sealed).not.toContain(secret);
    expect(openSecret(totpKeyOf('a'.repeat(32)), sealed)).toBe(secret);
    expect(() => openSecret(totpKeyOf('b'.repeat(32)), sealed)).toThrow();
  });
});

describe('acceptedStep', () => {
  const secret = newTotpSecret();

  it("takes the current code, and the neighbouring steps' for a clock a little off", async () => {
    expect(await acceptedStep(secret, await codeAt(secret, at), at, null)).toBe(step(at));
    const before = new Date(at.getTime() - 30_000);
    expect(await acceptedStep(secret, await codeAt(secret, before), at, null)).toBe(step(before));
    const later = new Date(at.getTime() + 30_000);
    expect(await acceptedStep(secret, await codeAt(secret, later), at, null)).toBe(step(later));
  });

  it('refuses a code two steps away, a wrong code, and a code of a step already used', async () => {
    const old = new Date(at.getTime() - 61_000);
    expect(await acceptedStep(secret, await codeAt(secret, old), at, null)).toBeNull();
    const right = await codeAt(secret, at);
    expect(await acceptedStep(secret, right === '000000' ? '000001' : '000000', at, null)).toBeNull();
    expect(await acceptedStep(secret, right, at, step(at))).toBeNull();
    expect(await acceptedStep(secret, right, at, step(at) - 1)).toBe(step(at));
  });
});

describe('enrolmentOf', () => {
  it('gives the otpauth URL and its QR code as a PNG data URL', async () => {
    const { otpauthUrl, qr } = await enrolmentOf('JBSWY3DPEHPK3PXPJBSWY3DP', {
      issuer: 'Pehnava',
      account: 'owner@example.in',
    });
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Pehnava:owner%40example\.in\?/);
    expect(otpauthUrl).toContain('secret=JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(otpauthUrl).toContain('issuer=Pehnava');
    expect(qr).toMatch(/^data:image\/png;base64,/);
  });
});
