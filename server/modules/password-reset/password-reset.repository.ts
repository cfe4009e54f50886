import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OtpHasher } from '../otp/otp';
import { createOtpStore, type SendLimit, withAdvisoryLocks } from '../otp/otp-store';
import { passwordResetRequests } from './password-reset.schema';

/** The queries on password_reset_requests, on the database or inside a transaction. */
function createQueries(db: Db, hasher: OtpHasher) {
  const codes = createOtpStore(db, passwordResetRequests, { hasher, purpose: 'password-reset' });
  const forEmail = (emailKey: string) => [eq(passwordResetRequests.emailKey, emailKey)];
  return {
    /** How long until this email key may be mailed another code under `limit`, or null when now. */
    waitForEmail: (emailKey: string, limit: SendLimit, at: Date) =>
      codes.waitBeforeNext(forEmail(emailKey), limit, at),

    /** How long until this address key may ask for another code under `limit`, or null when now. */
    waitForAddress: (addressKey: string, limit: SendLimit, at: Date) =>
      codes.waitBeforeNext([eq(passwordResetRequests.addressKey, addressKey)], limit, at),

    /**
     * Records a request (row `id`) that kills every open code and unused permission for the email.
     * With an account (`userId`) it holds a live code, returned to be mailed; without one it is kept
     * only to throttle, holds no code and returns null.
     */
    async issue(request: {
      id: string;
      emailKey: string;
      addressKey: string;
      userId: string | null;
      at: Date;
    }): Promise<string | null> {
      const { id, emailKey, addressKey, userId, at } = request;
      await codes.voidOpen(forEmail(emailKey), ['active', 'verified']);
      const { code, codeHash, expiresAt } = codes.newCode(id, at);
      await db.insert(passwordResetRequests).values({
        id,
        emailKey,
        addressKey,
        userId,
        codeHash: userId ? codeHash : null,
        status: userId ? 'active' : 'no-account',
        createdAt: at,
        expiresAt,
      });
      return userId ? code : null;
    },

    /**
     * Checks `otp` against the email's live code; the id of the request it matches, or null. Every
     * check uses one of the code's 5 tries.
     */
    check: (emailKey: string, otp: string, at: Date) => codes.check(forEmail(emailKey), otp, at),

    /**
     * Turns a checked code into a permission for one session until `grantExpiresAt`. False when the
     * code is no longer active (a parallel check or a new request got there first).
     */
    async grant(id: string, sessionId: string, grantExpiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetRequests)
        .set({ status: 'verified', sessionId, grantExpiresAt })
        .where(and(eq(passwordResetRequests.id, id), eq(passwordResetRequests.status, 'active')))
        .returning({ id: passwordResetRequests.id });
      return rows.length > 0;
    },

    /**
     * Uses up this session's live permission for the email, atomically, so two parallel resets cannot
     * both succeed. Returns the request and the account it was issued for, or null.
     */
    async consumeGrant(
      emailKey: string,
      sessionId: string,
      now: Date,
    ): Promise<{ id: string; userId: string | null } | null> {
      const [row] = await db
        .update(passwordResetRequests)
        .set({ status: 'used' })
        .where(
          and(
            eq(passwordResetRequests.emailKey, emailKey),
            eq(passwordResetRequests.status, 'verified'),
            eq(passwordResetRequests.sessionId, sessionId),
            gt(passwordResetRequests.grantExpiresAt, now),
          ),
        )
        .returning({ id: passwordResetRequests.id, userId: passwordResetRequests.userId });
      return row ?? null;
    },

    /** Gives a permission back when the reset failed after taking it (say, a leaked password). */
    async restoreGrant(id: string): Promise<void> {
      await db
        .update(passwordResetRequests)
        .set({ status: 'verified' })
        .where(and(eq(passwordResetRequests.id, id), eq(passwordResetRequests.status, 'used')));
    },

    deleteOlderThan: codes.deleteOlderThan,
  };
}
export type PasswordResetQueries = ReturnType<typeof createQueries>;

/** All SQL on password_reset_requests; codes are kept, counted and checked by the OTP store. */
export function createPasswordResetRepository(db: Db, hasher: OtpHasher) {
  return {
    ...createQueries(db, hasher),

    /**
     * Runs `work` holding locks on `keys` (the email's and the address's), so requests for the same
     * email or address count and insert one after another and cannot slip past a throttle together.
     */
    withLocks<T>(keys: string[], work: (locked: PasswordResetQueries) => Promise<T>): Promise<T> {
      return withAdvisoryLocks(db, keys, (tx) => work(createQueries(tx, hasher)));
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
