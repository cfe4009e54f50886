import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OtpHasher } from '../otp/otp';
import { createOtpStore, type SendLimit, withAdvisoryLocks } from '../otp/otp-store';
import { phoneVerificationCodes } from './phone.schema';

/** The queries on phone_verification_codes, on the database or inside a transaction. */
function createQueries(db: Db, hasher: OtpHasher) {
  const codes = createOtpStore(db, phoneVerificationCodes, { hasher, purpose: 'phone' });
  const ofUser = (userId: string) => [eq(phoneVerificationCodes.userId, userId)];
  return {
    /** How long until the user may be texted another code under `limit`, or null when now. */
    waitBeforeSending: (userId: string, limit: SendLimit, at: Date) =>
      codes.waitBeforeNext(ofUser(userId), limit, at),

    /** Replaces the user's open codes with a new one (row `id`) for `phone`; returns the code to text. */
    async issue({ id, userId, phone, at }: { id: string; userId: string; phone: string; at: Date }) {
      await codes.voidOpen(ofUser(userId));
      const { code, codeHash, expiresAt } = codes.newCode(id, at);
      await db
        .insert(phoneVerificationCodes)
        .values({ id, userId, phone, codeHash, status: 'active', createdAt: at, expiresAt });
      return code;
    },

    /** Marks a code that could not be sent, so it neither counts as open nor can be checked. */
    async void(id: string): Promise<void> {
      await db
        .update(phoneVerificationCodes)
        .set({ status: 'voided' })
        .where(eq(phoneVerificationCodes.id, id));
    },

    /**
     * Checks `otp` against the user's live code for `phone` (a code never verifies a number changed
     * since it was sent); the id of the code it matches, or null. Every check uses one of its 5 tries.
     */
    check: (userId: string, phone: string, otp: string, at: Date) =>
      codes.check([...ofUser(userId), eq(phoneVerificationCodes.phone, phone)], otp, at),

    /** Uses the code up; false when a parallel check already did (single use). */
    async markUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(phoneVerificationCodes)
        .set({ status: 'used' })
        .where(and(eq(phoneVerificationCodes.id, id), eq(phoneVerificationCodes.status, 'active')))
        .returning({ id: phoneVerificationCodes.id });
      return rows.length > 0;
    },

    deleteOlderThan: codes.deleteOlderThan,
  };
}
export type PhoneQueries = ReturnType<typeof createQueries>;

/** All SQL on phone_verification_codes; codes are kept, counted and checked by the OTP store. */
export function createPhoneRepository(db: Db, hasher: OtpHasher) {
  return {
    ...createQueries(db, hasher),

    /**
     * Runs `work` in a transaction holding an advisory lock for the user, so parallel send requests
     * count and insert one after another and cannot slip past the sending limit together.
     */
    withUserLock<T>(userId: string, work: (locked: PhoneQueries) => Promise<T>): Promise<T> {
      return withAdvisoryLocks(db, [`phone:${userId}`], (tx) => work(createQueries(tx, hasher)));
    },
  };
}
export type PhoneRepository = ReturnType<typeof createPhoneRepository>;
