import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MINUTE } from '../../../common/constants';

/** One-time codes are six digits (SPEC.md §7), valid 10 minutes, and die after 5 wrong tries (DESIGN.md §5). */
export const OTP_DIGITS = 6;
export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;

/** A uniformly random 6-digit code from the CSPRNG, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
}

/**
 * Hashes and compares one-time codes, and derives the keys under which emails and client addresses are
 * stored. An HMAC under a key derived from the session secret (rather than argon2): a 6-digit code
 * has only a million values, so a slow hash would not protect it from anyone holding the key, while
 * without the key a leaked database reveals neither the codes nor the emails. Each code is hashed with
 * the purpose and the record it belongs to, so a hash is worthless for any other record.
 */
export function createOtpHasher(sessionSecret: string) {
  const key = createHmac('sha256', sessionSecret).update('pehnava otp v1').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  return {
    hashCode: (purpose: string, subject: string, code: string) => mac(`code:${purpose}:${subject}:${code}`),
    /** Constant-time comparison of a candidate code with a stored hash. */
    matches(storedHash: string, purpose: string, subject: string, candidate: string): boolean {
      const expected = Buffer.from(storedHash, 'hex');
      const actual = Buffer.from(mac(`code:${purpose}:${subject}:${candidate}`), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
    /** A stable key for a subject (an email, a client address) that does not reveal it. */
    subjectKey: (kind: string, value: string) => mac(`subject:${kind}:${value}`),
  };
}
export type OtpHasher = ReturnType<typeof createOtpHasher>;
