import { and, count, eq, gt, inArray, lt, min, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { generateOtp, OTP_MAX_ATTEMPTS, OTP_TTL_MS, type OtpHasher } from './otp';

/**
 * The columns every table of one-time codes has. Each module keeps its own table, because who a code
 * is for and what a right one unlocks differ; the store keeps, counts and checks the codes in all of
 * them the same way. `status` holds at least `active` (sent, unchecked), `burned` (5 wrong tries)
 * and `voided` (replaced by a newer code).
 */
export type OtpTable = PgTable & {
  id: AnyPgColumn;
  codeHash: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  createdAt: AnyPgColumn;
  expiresAt: AnyPgColumn;
};

/** The conditions on a table's own columns that pick one subject's codes; all must hold. */
export type Scope = readonly SQL[];

/** How many codes a subject may be sent in a sliding window. */
export interface SendLimit {
  max: number;
  windowMs: number;
}

/**
 * The one-time codes of one table and purpose, on the database or inside a transaction. A module's
 * repository builds it over its table and narrows each call to a subject with `scope`: conditions on
 * its own columns that must all hold, such as the user and the number a code was texted to.
 */
export function createOtpStore(
  db: Db,
  codes: OtpTable,
  { hasher, purpose }: { hasher: OtpHasher; purpose: string },
) {
  return {
    /**
     * A fresh code for the new row `id`: the code to send, and what is stored of it. The code is kept
     * only as an HMAC bound to the purpose and the row, so its hash is worthless for any other row.
     */
    newCode(id: string, at: Date): { code: string; codeHash: string; expiresAt: Date } {
      const code = generateOtp();
      return {
        code,
        codeHash: hasher.hashCode(purpose, id, code),
        expiresAt: new Date(at.getTime() + OTP_TTL_MS),
      };
    },

    /**
     * How long `scope` must wait before `limit` lets it have another code, in milliseconds (when the
     * oldest code of the window leaves it), or null when it may have one now.
     */
    async waitBeforeNext(scope: Scope, limit: SendLimit, at: Date): Promise<number | null> {
      const [row] = await db
        .select({ count: count(), oldest: min(codes.createdAt) })
        .from(codes)
        .where(and(...scope, gt(codes.createdAt, new Date(at.getTime() - limit.windowMs))));
      if ((row?.count ?? 0) < limit.max) return null;
      const oldest = (row?.oldest as Date | null | undefined) ?? at;
      return oldest.getTime() + limit.windowMs - at.getTime();
    },

    /** Voids the codes of `scope` that are still `open` (a new code replaces them). */
    async voidOpen(scope: Scope, open: readonly string[] = ['active']): Promise<void> {
      await db
        .update(codes)
        .set({ status: 'voided' })
        .where(and(...scope, inArray(codes.status, [...open])));
    },

    /**
     * Checks `candidate` against the live codes of `scope` and returns the id of the one it matches,
     * or null. One UPDATE first charges a try to each of them, so parallel guesses each use one up
     * and no code is ever checked more than 5 times; a code that has had its last try without a
     * match is burned. Expired, used, replaced and burned codes never match.
     */
    async check(scope: Scope, candidate: string, at: Date): Promise<string | null> {
      const charged = (await db
        .update(codes)
        .set({ attempts: sql`${codes.attempts} + 1` })
        .where(
          and(
            ...scope,
            eq(codes.status, 'active'),
            gt(codes.expiresAt, at),
            lt(codes.attempts, OTP_MAX_ATTEMPTS),
          ),
        )
        .returning({ id: codes.id, codeHash: codes.codeHash, attempts: codes.attempts })) as {
        id: string;
        codeHash: string | null;
        attempts: number;
      }[];
      const match = charged.find(
        (row) => row.codeHash !== null && hasher.matches(row.codeHash, purpose, row.id, candidate),
      );
      if (match) return match.id;
      const usedUp = charged.filter((row) => row.attempts >= OTP_MAX_ATTEMPTS).map((row) => row.id);
      if (usedUp.length > 0) {
        await db
          .update(codes)
          .set({ status: 'burned' })
          .where(and(inArray(codes.id, usedUp), eq(codes.status, 'active')));
      }
      return null;
    },

    /** Deletes codes made before `before`; returns how many. */
    async deleteOlderThan(before: Date): Promise<number> {
      const rows = await db.delete(codes).where(lt(codes.createdAt, before)).returning({ id: codes.id });
      return rows.length;
    },
  };
}
export type OtpStore = ReturnType<typeof createOtpStore>;

/**
 * Runs `work` in a transaction holding advisory locks on `keys` (sorted, so two callers never wait on
 * each other crosswise). Requests for the same subject then count and insert one after another, so
 * parallel requests cannot slip past a sending limit together.
 */
export async function withAdvisoryLocks<T>(
  db: Db,
  keys: readonly string[],
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    for (const key of [...keys].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    return work(tx);
  });
}
