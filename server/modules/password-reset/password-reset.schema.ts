import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Where a password-reset request stands: `active` (code mailed, not yet checked), `verified` (code
 * right; this browser session may reset once), `used` (password reset), `burned` (5 wrong tries),
 * `voided` (a newer request replaced it), `no-account` (nobody has that email: kept only to throttle).
 */
export type PasswordResetStatus = 'active' | 'verified' | 'used' | 'burned' | 'voided' | 'no-account';

/**
 * Every forgot-password request, whether or not the email has an account, so the throttles count
 * both alike and nothing tells them apart. Emails and client addresses are stored only as keyed
 * hashes, the code only as an HMAC. Rows are deleted a day after they were made.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailKey: text('email_key').notNull(),
    addressKey: text('address_key').notNull(),
    /** The account the code was mailed to; null when no open account has the email. */
    userId: uuid('user_id'),
    codeHash: text('code_hash'),
    status: text('status').$type<PasswordResetStatus>().notNull(),
    /** Checks made against this code so far (right or wrong); at 5 the code is dead. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The code's end: 10 minutes after it was made. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser session (sessions.id) that verified the code and alone may reset. */
    sessionId: text('session_id'),
    /** The end of that permission: 15 minutes after verification. */
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'password_reset_requests_status_check',
      sql`${t.status} in ('active', 'verified', 'used', 'burned', 'voided', 'no-account')`,
    ),
    index('password_reset_requests_email').on(t.emailKey, t.createdAt),
    index('password_reset_requests_address').on(t.addressKey, t.createdAt),
    index('password_reset_requests_created_at').on(t.createdAt),
  ],
);
