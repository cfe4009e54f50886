import { randomUUID } from 'node:crypto';
import { MINUTE } from '../../../common/constants';
import { AUTH_MESSAGES } from '../../../common/schemas/auth';
import {
  CAPTCHA_FAILED_MESSAGE,
  CaptchaFailedError,
  DomainError,
  ForbiddenError,
  TooManyRequestsError,
} from '../../errors';
import type { CaptchaProvider, MailMessage } from '../../providers';
import { OTP_TTL_MS, type OtpHasher } from '../otp/otp';
import type { UsersService } from '../users/users.service';
import type { PasswordResetRepository } from './password-reset.repository';

/** How long a verified code lets its browser session reset the password (DESIGN.md §5). */
export const RESET_GRANT_TTL_MS = 15 * MINUTE;
/** Requests are kept this long (for the throttles), then deleted. */
export const REQUEST_RETENTION_MS = 24 * 60 * MINUTE;
/** The captcha action the browser asks a token for (SPEC.md §7). */
export const FORGOT_PASSWORD_CAPTCHA_ACTION = 'forgot_password';

/**
 * Code requests: 3 per email in 15 minutes (enough to retry a mail that did not arrive), and 10 per
 * client address, which leaves room for a family or an office behind one address.
 */
export const RESET_LIMITS = {
  perEmail: { max: 3, windowMs: 15 * MINUTE },
  perAddress: { max: 10, windowMs: 15 * MINUTE },
} as const;

export const PASSWORD_RESET_MESSAGES = {
  ...AUTH_MESSAGES,
  invalidOtp: 'Invalid or expired OTP.',
  captchaFailed: CAPTCHA_FAILED_MESSAGE,
  tooManyRequests: 'Too many code requests.',
  notVerified: 'Verify the code sent to your email before choosing a new password.',
} as const;

export class InvalidOtpError extends DomainError {
  constructor() {
    super(400, PASSWORD_RESET_MESSAGES.invalidOtp, 'INVALID_OTP');
  }
}

export interface PasswordResetDeps {
  repository: PasswordResetRepository;
  users: Pick<UsersService, 'findActiveUserByEmail' | 'setPassword' | 'endAllSessions'>;
  captcha: CaptchaProvider;
  /** Sends without waiting (see background-mail.ts). */
  mailer: { send(message: MailMessage): void };
  hasher: OtpHasher;
  shop: { name: string; supportEmail: string };
  now: () => Date;
}

/** Password recovery by emailed one-time code (DESIGN.md §5). */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { repository, users, captcha, mailer, hasher, shop, now } = deps;
  const emailKey = (email: string) => hasher.subjectKey('email', email);

  const codeMail = (to: string, code: string): MailMessage => ({
    to,
    subject: `Your ${shop.name} password reset code`,
    text: [
      `Your ${shop.name} password reset code is ${code}.`,
      '',
      `It is valid for ${OTP_TTL_MS / MINUTE} minutes and can be used once.`,
      'If you did not ask to reset your password, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });

  const changedMail = (to: string, at: Date): MailMessage => ({
    to,
    subject: `Your ${shop.name} password was changed`,
    text: [
      `The password of your ${shop.name} account was changed on ${at.toUTCString()}.`,
      'For your safety every device that was signed in has been signed out.',
      '',
      `If this was not you, write to ${shop.supportEmail} straight away.`,
    ].join('\n'),
  });

  return {
    /**
     * Step 1. After the bot check, mails a fresh code to the email if an open account has it. The
     * outcome is the same either way (same answer, same database work, mail sent in the background),
     * so the call cannot be used to find out who has an account.
     */
    async requestCode(input: { email: string; token?: string }, client: { ip: string }): Promise<void> {
      const verdict = await captcha.verify(input.token, FORGOT_PASSWORD_CAPTCHA_ACTION, client.ip);
      if (!verdict.ok) throw new CaptchaFailedError();

      const at = now();
      const keys = { email: emailKey(input.email), address: hasher.subjectKey('address', client.ip) };
      const user = await users.findActiveUserByEmail(input.email);

      const code = await repository.withLocks([keys.email, keys.address], async (locked) => {
        const wait =
          (await locked.waitForEmail(keys.email, RESET_LIMITS.perEmail, at)) ??
          (await locked.waitForAddress(keys.address, RESET_LIMITS.perAddress, at));
        if (wait !== null) throw new TooManyRequestsError(PASSWORD_RESET_MESSAGES.tooManyRequests, wait);
        return locked.issue({
          id: randomUUID(),
          emailKey: keys.email,
          addressKey: keys.address,
          userId: user?.id ?? null,
          at,
        });
      });

      if (user && code) mailer.send(codeMail(user.email, code));
      await repository.deleteOlderThan(new Date(at.getTime() - REQUEST_RETENTION_MS));
    },

    /**
     * Step 2. Checks the code; a right one lets the browser session that `startSession` gives (a new
     * one, so a session planted by someone else never gains it) reset this email's password once,
     * within 15 minutes. Every check counts against the code's 5 tries; unknown email, wrong, used,
     * expired and burned codes all answer the same 400.
     */
    async verifyCode(
      input: { email: string; otp: string },
      startSession: () => Promise<string>,
    ): Promise<void> {
      const at = now();
      const matchId = await repository.check(emailKey(input.email), input.otp, at);
      if (!matchId) throw new InvalidOtpError();
      const sessionId = await startSession();
      const granted = await repository.grant(matchId, sessionId, new Date(at.getTime() + RESET_GRANT_TTL_MS));
      if (!granted) throw new InvalidOtpError();
    },

    /**
     * Step 3. Sets the new password if this session verified a code for this email in the last 15
     * minutes; the permission is used up, every session of the account ends, and a notification mail
     * goes out. Otherwise 403.
     */
    async resetPassword(
      input: { email: string; newPassword: string },
      sessionId: string | null,
    ): Promise<void> {
      if (!sessionId) throw new ForbiddenError(PASSWORD_RESET_MESSAGES.notVerified);
      const at = now();
      const grant = await repository.consumeGrant(emailKey(input.email), sessionId, at);
      if (!grant) throw new ForbiddenError(PASSWORD_RESET_MESSAGES.notVerified);
      const user = await users.findActiveUserByEmail(input.email);
      // The account was closed (or closed and the email registered anew) since the code was mailed.
      if (!user || user.id !== grant.userId) throw new ForbiddenError(PASSWORD_RESET_MESSAGES.notVerified);
      try {
        await users.setPassword(user.id, input.newPassword, 'newPassword');
      } catch (error) {
        // A refused password (say, a leaked one) should not cost the shopper a new code.
        await repository.restoreGrant(grant.id);
        throw error;
      }
      await users.endAllSessions(user.id);
      mailer.send(changedMail(user.email, at));
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
