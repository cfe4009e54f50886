import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OTP_MAX_ATTEMPTS } from './otp';
import { type PasswordResetStatus, passwordResetRequests } from './password-reset.schema';

export interface NewResetRequest {
  id: string;
  emailKey: string;
  addressKey: string;
  userId: string | null;
  codeHash: string | null;
  status: Extract<PasswordResetStatus, 'active' | 'no-account'>;
  createdAt: Date;
  expiresAt: Date;
}

/** A code that has just been charged one check (see `chargeAttempt`). */
export interface ChargedCode {
  id: string;
  codeHash: string;
  attempts: number;
}

/** The queries on password_reset_requests, on the database or inside a transaction. */
function createQueries(db: Db) {
  const queries = {
    /** How many requests were made for this email key since `since`, and when the oldest of them was. */
    async countForEmail(emailKey: string, since: Date) {
      return countWhere(
        and(eq(passwordResetRequests.emailKey, emailKey), gt(passwordResetRequests.createdAt, since)),
      );
    },

    /** How many requests came from this address key since `since`, and when the oldest of them was. */
    async countForAddress(addressKey: string, since: Date) {
      return countWhere(
        and(eq(passwordResetRequests.addressKey, addressKey), gt(passwordResetRequests.createdAt, since)),
      );
    },

    async insert(row: NewResetRequest): Promise<void> {
      await db.insert(passwordResetRequests).values(row);
    },

    /** Kills every open code and unused permission for this email (a new request replaces them). */
    async voidOpen(emailKey: string): Promise<void> {
      await db
        .update(passwordResetRequests)
        .set({ status: 'voided' })
        .where(
          and(
            eq(passwordResetRequests.emailKey, emailKey),
            inArray(passwordResetRequests.status, ['active', 'verified']),
          ),
        );
    },

    /**
     * Charges one check to the live code(s) for this email and returns them, in one UPDATE, so parallel
     * guesses each use up a try and no more than 5 checks ever run against one code. Expired codes,
     * used-up codes and other states are not returned.
     */
    async chargeAttempt(emailKey: string, now: Date): Promise<ChargedCode[]> {
      const rows = await db
        .update(passwordResetRequests)
        .set({ attempts: sql`${passwordResetRequests.attempts} + 1` })
        .where(
          and(
            eq(passwordResetRequests.emailKey, emailKey),
            eq(passwordResetRequests.status, 'active'),
            gt(passwordResetRequests.expiresAt, now),
            lt(passwordResetRequests.attempts, OTP_MAX_ATTEMPTS),
          ),
        )
        .returning({
          id: passwordResetRequests.id,
          codeHash: passwordResetRequests.codeHash,
          attempts: passwordResetRequests.attempts,
        });
      return rows.flatMap((row) => (row.codeHash ? [{ ...row, codeHash: row.codeHash }] : []));
    },

    /** Marks codes that have had their last try as burned. */
    async burn(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(passwordResetRequests)
        .set({ status: 'burned' })
        .where(and(inArray(passwordResetRequests.id, ids), eq(passwordResetRequests.status, 'active')));
    },

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

    /** Deletes requests made before `before`; returns how many. */
    async deleteOlderThan(before: Date): Promise<number> {
      const rows = await db
        .delete(passwordResetRequests)
        .where(lt(passwordResetRequests.createdAt, before))
        .returning({ id: passwordResetRequests.id });
      return rows.length;
    },
  };

  async function countWhere(where: ReturnType<typeof and>): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({ count: count(), oldest: min(passwordResetRequests.createdAt) })
      .from(passwordResetRequests)
      .where(where);
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  return queries;
}
export type PasswordResetQueries = ReturnType<typeof createQueries>;

/** All SQL on password_reset_requests. */
export function createPasswordResetRepository(db: Db) {
  return {
    ...createQueries(db),

    /**
     * Runs `work` in a transaction holding advisory locks on `keys` (sorted, so two callers never
     * wait on each other crosswise). Requests for the same email or address then count and insert
     * one after another, so parallel requests cannot slip past a throttle together.
     */
    async withLocks<T>(keys: string[], work: (locked: PasswordResetQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        for (const key of [...keys].sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        return work(createQueries(tx));
      });
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
