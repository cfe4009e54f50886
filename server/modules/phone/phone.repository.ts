import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OTP_MAX_ATTEMPTS } from '../password-reset/otp';
import { phoneVerificationCodes } from './phone.schema';

export interface NewPhoneCode {
  id: string;
  userId: string;
  phone: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The queries on phone_verification_codes, on the database or inside a transaction. */
function createQueries(db: Db) {
  return {
    /** How many codes the user was sent since `since`, and when the oldest of them was. */
    async countSentSince(userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: count(), oldest: min(phoneVerificationCodes.createdAt) })
        .from(phoneVerificationCodes)
        .where(and(eq(phoneVerificationCodes.userId, userId), gt(phoneVerificationCodes.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },

    /** Kills the user's open codes (a new code replaces them). */
    async voidActive(userId: string): Promise<void> {
      await db
        .update(phoneVerificationCodes)
        .set({ status: 'voided' })
        .where(and(eq(phoneVerificationCodes.userId, userId), eq(phoneVerificationCodes.status, 'active')));
    },

    async insert(row: NewPhoneCode): Promise<void> {
      await db.insert(phoneVerificationCodes).values({ ...row, status: 'active' });
    },

    /** Marks a code that could not be sent, so it neither counts as open nor can be checked. */
    async void(id: string): Promise<void> {
      await db
        .update(phoneVerificationCodes)
        .set({ status: 'voided' })
        .where(eq(phoneVerificationCodes.id, id));
    },

    /**
     * Charges one check to the user's live code(s) for `phone` and returns them, in one UPDATE, so
     * parallel guesses each use up a try and no code is ever checked more than 5 times.
     */
    async chargeAttempt(userId: string, phone: string, now: Date) {
      return db
        .update(phoneVerificationCodes)
        .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
        .where(
          and(
            eq(phoneVerificationCodes.userId, userId),
            eq(phoneVerificationCodes.phone, phone),
            eq(phoneVerificationCodes.status, 'active'),
            gt(phoneVerificationCodes.expiresAt, now),
            lt(phoneVerificationCodes.attempts, OTP_MAX_ATTEMPTS),
          ),
        )
        .returning({
          id: phoneVerificationCodes.id,
          codeHash: phoneVerificationCodes.codeHash,
          attempts: phoneVerificationCodes.attempts,
        });
    },

    async burn(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(phoneVerificationCodes)
        .set({ status: 'burned' })
        .where(and(inArray(phoneVerificationCodes.id, ids), eq(phoneVerificationCodes.status, 'active')));
    },

    /** Uses the code up; false when a parallel check already did (single use). */
    async markUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(phoneVerificationCodes)
        .set({ status: 'used' })
        .where(and(eq(phoneVerificationCodes.id, id), eq(phoneVerificationCodes.status, 'active')))
        .returning({ id: phoneVerificationCodes.id });
      return rows.length > 0;
    },

    /** Deletes codes made before `before`; returns how many. */
    async deleteOlderThan(before: Date): Promise<number> {
      const rows = await db
        .delete(phoneVerificationCodes)
        .where(lt(phoneVerificationCodes.createdAt, before))
        .returning({ id: phoneVerificationCodes.id });
      return rows.length;
    },
  };
}
export type PhoneQueries = ReturnType<typeof createQueries>;

/** All SQL on phone_verification_codes. */
export function createPhoneRepository(db: Db) {
  return {
    ...createQueries(db),

    /**
     * Runs `work` in a transaction holding an advisory lock for the user, so parallel send requests
     * count and insert one after another and cannot slip past the sending limit together.
     */
    async withUserLock<T>(userId: string, work: (locked: PhoneQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone:${userId}`}, 0))`);
        return work(createQueries(tx));
      });
    },
  };
}
export type PhoneRepository = ReturnType<typeof createPhoneRepository>;
