import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../../common/staff';

/**
 * Shoppers and staff. The email is stored trimmed and lower-cased, so the unique index is what keeps
 * one person to one account. A closed account keeps its row (orders point at it) until the erasure job
 * replaces its personal data, 90 days after closing (server/flows/erase-closed-accounts.ts, which also
 * anonymises its reviews).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique('users_email_unique'),
    /** argon2id PHC string; null once the account has been erased, so nothing can sign in. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('customer'),
    phone: text('phone'),
    isMobVerified: boolean('is_mob_verified').notNull().default(false),
    lastPhoneReminder: timestamp('last_phone_reminder', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    /** Set by the erasure job; keeps the job idempotent and tells staff the data is gone. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Set while staff have blocked the customer: no session survives it and sign-in is refused. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Set while a staff account is deactivated: its sessions end and it cannot sign in. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The authenticator app's secret, kept from set-up; two-factor sign-in is on once confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'owner', 'manager', 'support')`),
    index('users_erase_after').on(t.eraseAfter).where(sql`${t.erasedAt} is null`),
  ],
);

/**
 * Browser sessions. The primary key is the SHA-256 of the random cookie token, so a database leak
 * gives no usable cookie; other tables (password-reset permissions) reference this key. A row without
 * a user is a guest session, created only when a guest needs server-side state.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end, fixed at creation; idle expiry is computed from last_seen_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id').on(t.userId), index('sessions_expires_at').on(t.expiresAt)],
);

/**
 * Fixed-window counters for the sign-in and sign-up limits, in the database so every app instance
 * sees the same counts. The key is a SHA-256 of the subject (an email or a client address), so the
 * table holds no personal data.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
