import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role, StaffRole } from '../../../common/staff';

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
    /**
     * The authenticator app's secret, sealed with a key derived from SESSION_SECRET (totp.ts), kept
     * from set-up; two-factor sign-in is on once a code confirmed it (totp_enabled_at).
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /**
     * The time step of the last code accepted. A code of that step or an earlier one is refused, so
     * a code seen over someone's shoulder cannot be used again within its window.
     */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'owner', 'manager', 'support')`),
    index('users_erase_after').on(t.eraseAfter).where(sql`${t.erasedAt} is null`),
    // The back office finds customers (and their orders) by phone.
    index('users_phone').on(t.phone),
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
    /**
     * A sign-in waiting for its second factor: the account whose password was right, on a guest
     * session only, until `pending_until`. The code completes it with a brand-new signed-in session.
     */
    pendingUserId: uuid('pending_user_id').references(() => users.id, { onDelete: 'cascade' }),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_id').on(t.userId),
    index('sessions_expires_at').on(t.expiresAt),
    check('sessions_pending_only_for_guests', sql`${t.pendingUserId} is null or ${t.userId} is null`),
  ],
);

/**
 * Invitations to join the staff. The mailed link carries a random token; only its SHA-256 is
 * stored, so a database leak gives no usable link. An invitation is used once (accepted_at), dies
 * after 72 hours (expires_at), and a newer one to the same email voids it (voided_at): at most one
 * is open per email.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique('staff_invites_token_hash_unique'),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The account that accepted it: a new one, or a shopper's account that became staff. */
    acceptedBy: uuid('accepted_by').references(() => users.id),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    check('staff_invites_role_check', sql`${t.role} in ('owner', 'manager', 'support')`),
    uniqueIndex('staff_invites_open_email')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.voidedAt} is null`),
  ],
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
