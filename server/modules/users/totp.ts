import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// Time-based one-time codes (RFC 6238) as authenticator apps make them: SHA-1, 6 digits, 30 seconds.

/**
 * A code of the step before or after the current one is taken too: a phone whose clock is a little
 * off, or a code typed just as it changed. Wider windows give a guesser more right answers.
 */
const TOLERANCE_SECONDS = 30;

/** The key that seals authenticator secrets in the database, derived from SESSION_SECRET. */
export function totpKeyOf(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('pehnava totp secret v1').digest();
}

/**
 * The secret sealed with AES-256-GCM (`iv.tag.ciphertext`, base64url): a copy of the database alone
 * does not give anyone the codes of the staff's apps.
 */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The secret again; throws when it was sealed with another key or altered. */
export function openSecret(key: Buffer, sealed: string): string {
  const [iv = '', tag = '', data = ''] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new secret: 20 random bytes in Base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URL an authenticator app reads from the QR code, and its QR code as a PNG data URL. */
export async function enrolmentOf(
  secret: string,
  { issuer, account }: { issuer: string; account: string },
): Promise<{ otpauthUrl: string; qr: string }> {
  const otpauthUrl = generateURI({ issuer, label: account, secret });
  return { otpauthUrl, qr: await QRCode.toDataURL(otpauthUrl) };
}

/**
 * The time step of `code` if it is right at `at` (within the tolerance) and later than `afterStep`
 * (the last step accepted), else null. Refusing every step up to the last one accepted means a code,
 * once used, is refused for the rest of its window.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The functional verify also answers for counter-based codes, whose results carry no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
