import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `active` (sent, unchecked), `used` (phone verified), `burned` (5 wrong tries), `voided` (replaced). */
export type PhoneCodeStatus = 'active' | 'used' | 'burned' | 'voided';

/**
 * One-time codes sent by SMS to verify the mobile number on a profile. The code is stored only as an
 * HMAC; `phone` is the number it was sent to, so a code never verifies a number changed since.
 * Rows are deleted a day after they were made; the recent ones also count the sending limit.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    status: text('status').$type<PhoneCodeStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'phone_verification_codes_status_check',
      sql`${t.status} in ('active', 'used', 'burned', 'voided')`,
    ),
    index('phone_verification_codes_user').on(t.userId, t.createdAt),
    index('phone_verification_codes_created_at').on(t.createdAt),
  ],
);
