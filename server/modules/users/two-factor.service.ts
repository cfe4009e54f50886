import { MINUTE } from '../../../common/constants';
import { STAFF_MESSAGES, type TotpSetup } from '../../../common/schemas/admin-staff';
import type { Db } from '../../db/client';
import { ConflictError, DomainError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { createSessionsRepository, type UserRow } from './sessions.repository';
import { createThrottles, LIMIT_MESSAGES, LIMITS, throttleKey } from './sign-in-limits';
import { acceptedStep, enrolmentOf, newTotpSecret, openSecret, sealSecret } from './totp';
import { type AuthUser, toAuthUser } from './user-views';
import { createUsersRepository } from './users.repository';
import type { ClientInfo } from './users.service';

/** How long a right password waits for its code before the sign-in starts over. */
export const SECOND_FACTOR_WAIT_MS = 5 * MINUTE;

export interface TwoFactorServiceOptions {
  now: () => Date;
  /** Seals the authenticator secrets (totpKeyOf(SESSION_SECRET)). */
  key: Buffer;
  /** The name the authenticator app shows beside the code: the shop's, as it is now. */
  issuer: () => Promise<string>;
  /** Sign-in attempts (a code counts as one) one client address may make in 15 minutes. */
  signInsPerAddress?: number;
}

/**
 * Two-factor sign-in for staff with an authenticator app (docs/decisions/070): setting it up and
 * turning it off from the member's own account, and the second step of signing in.
 */
export function createTwoFactorService(
  db: Db,
  { now, key, issuer, signInsPerAddress }: TwoFactorServiceOptions,
) {
  const accounts = createUsersRepository(db);
  const sessionRows = createSessionsRepository(db);
  const throttles = createThrottles(accounts, now, signInsPerAddress);

  async function openAccount(userId: string): Promise<UserRow> {
    const row = await accounts.findById(userId);
    if (!row || row.closedAt) throw new NotFoundError('Account not found.');
    return row;
  }

  /**
   * The stored secret, or null when it cannot be opened: sealed under an earlier SESSION_SECRET, it
   * can check no code, and the member goes the way of a lost phone (docs/decisions/070).
   */
  function openedSecret(sealed: string): string | null {
    try {
      return openSecret(key, sealed);
    } catch {
      return null;
    }
  }

  /** Whether `code` is right for the account's app and of a later step than any used; records its step. */
  async function takeCode(row: UserRow, code: string): Promise<boolean> {
    const secret = row.totpSecret ? openedSecret(row.totpSecret) : null;
    if (!secret) return false;
    const step = await acceptedStep(secret, code, now(), row.totpLastStep);
    return step !== null && (await accounts.takeTotpStep(row.id, step));
  }

  /** The member's own code, counted like a check of their own password (5 in 15 minutes per account). */
  async function confirmOwnCode(row: UserRow, code: string): Promise<void> {
    const checks = throttleKey('totp-check:account', row.email);
    await throttles.count(checks, LIMITS.passwordChecksPerAccount, LIMIT_MESSAGES.login);
    if (!(await takeCode(row, code))) {
      throw new ValidationError([{ path: 'code', msg: STAFF_MESSAGES.wrongCode }], STAFF_MESSAGES.wrongCode);
    }
    await throttles.clear(checks);
  }

  return {
    /**
     * A new secret for the member's app, kept sealed until a code confirms it (`enable`). Starting
     * again replaces a secret never confirmed; 409 while two-factor sign-in is on.
     */
    async startSetup(userId: string): Promise<TotpSetup> {
      const row = await openAccount(userId);
      if (row.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.twoFactorAlreadyOn, 'TWO_FACTOR_ON');
      const secret = newTotpSecret();
      await accounts.update(userId, { totpSecret: sealSecret(key, secret), totpLastStep: null });
      const enrolment = await enrolmentOf(secret, { issuer: await issuer(), account: row.email });
      return { secret, ...enrolment };
    },

    /**
     * Checks the member's own code before two-factor sign-in is turned on (`enable`, with the app
     * just set up) or off (`disable`): 409 when the state does not allow it (off while the owner
     * requires it for all staff: `required`), 422 for a wrong or reused code, counted like a check of
     * the member's own password. Run it on the long-lived services, before the change's transaction:
     * a wrong code must count even though no change follows.
     */
    async confirmCode(
      userId: string,
      code: string,
      change: 'enable' | 'disable',
      { required = false }: { required?: boolean } = {},
    ): Promise<void> {
      const row = await openAccount(userId);
      if (change === 'enable') {
        if (row.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.twoFactorAlreadyOn, 'TWO_FACTOR_ON');
        if (!row.totpSecret) {
          throw new ConflictError(STAFF_MESSAGES.twoFactorNotStarted, 'TWO_FACTOR_NOT_STARTED');
        }
      } else {
        if (!row.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.twoFactorOff, 'TWO_FACTOR_OFF');
        if (required) throw new ConflictError(STAFF_MESSAGES.twoFactorKept, 'TWO_FACTOR_REQUIRED');
      }
      await confirmOwnCode(row, code);
    },

    /** Turns two-factor sign-in on, or off forgetting the secret, once `confirmCode` passed. */
    async setEnabled(userId: string, enabled: boolean): Promise<void> {
      await accounts.update(
        userId,
        enabled ? { totpEnabledAt: now() } : { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
      );
    },

    /** Marks this browser's fresh guest session as having given `userId`'s right password. */
    awaitCode(sessionId: string, userId: string): Promise<void> {
      return sessionRows.markPending(sessionId, userId, new Date(now().getTime() + SECOND_FACTOR_WAIT_MS));
    },

    /**
     * The second step of signing in: a code from the app of the account whose password this guest
     * session gave within the last 5 minutes. A code counts as a sign-in attempt under the password's
     * limits (docs/decisions/022), a wrong or reused one as a failed sign-in. Answers the account, for
     * a new signed-in session (which ends the guest one). 401 without a waiting sign-in.
     */
    async completeSignIn(sessionId: string | null, code: string, client: ClientInfo): Promise<AuthUser> {
      const userId = sessionId ? await sessionRows.pendingUserOf(sessionId, now()) : null;
      const row = userId ? await accounts.findById(userId) : null;
      if (!row || row.closedAt || row.deactivatedAt || !row.totpEnabledAt) {
        throw new UnauthorizedError(STAFF_MESSAGES.noPendingSignIn);
      }
      const keys = await throttles.signInAttempt(row.email, client.ip);
      if (!(await takeCode(row, code))) {
        await throttles.countFailure(keys.failures, LIMITS.loginFailuresPerAccount);
        throw new DomainError(401, STAFF_MESSAGES.wrongCode, 'INVALID_CODE');
      }
      await throttles.clear(keys.pair);
      return toAuthUser(row);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
