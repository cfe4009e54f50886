import { and, asc, count, eq, gt, inArray, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Role } from '../../../common/staff';
import type { Db } from '../../db/client';
import type { UserRow } from './sessions.repository';
import { authThrottles, users } from './users.schema';

export interface NewUserRow {
  name: string;
  email: string;
  passwordHash: string;
  role?: Role;
}

/** `text` for a LIKE pattern: its own % _ and \ match themselves. */
const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accounts whose name or email holds `q` (any case), or whose phone is `q`. */
function matching(q: string) {
  const inside = `%${escapeLike(q)}%`;
  return or(
    like(sql`lower(${users.name})`, inside),
    like(sql`lower(${users.email})`, inside),
    eq(users.phone, q),
  );
}

/** All SQL on the users and auth_throttles tables. */
export function createUsersRepository(db: Db) {
  return {
    /** Inserts a user; null when the email is already taken (the unique index decides, no race). */
    async insert(row: NewUserRow): Promise<UserRow | null> {
      const [created] = await db
        .insert(users)
        .values(row)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return created ?? null;
    },

    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** Any account with this (normalised) email, closed ones included. */
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    async update(
      id: string,
      changes: Partial<
        Pick<
          UserRow,
          | 'name'
          | 'passwordHash'
          | 'role'
          | 'isMobVerified'
          | 'lastPhoneReminder'
          | 'closedAt'
          | 'eraseAfter'
          | 'deactivatedAt'
          | 'blockedAt'
          | 'totpSecret'
          | 'totpEnabledAt'
          | 'totpLastStep'
        >
      >,
    ): Promise<UserRow | null> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /**
     * Records `step` as the last authenticator step accepted, if it is later than the one stored: a
     * conditional UPDATE, so one code sent twice at once is accepted once. False when it was not later.
     */
    async takeTotpStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Sets name and/or phone; a phone that differs from the stored one is no longer verified. */
    async updateProfile(
      id: string,
      changes: { name?: string; phone?: string | null },
    ): Promise<UserRow | null> {
      const set: PgUpdateSetSource<typeof users> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.phone !== undefined) {
        set.phone = changes.phone;
        set.isMobVerified = sql`case when ${users.phone} is not distinct from ${changes.phone} then ${users.isMobVerified} else false end`;
      }
      if (Object.keys(set).length === 0) return this.findById(id);
      const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** Closes an open account; false when it was already closed. */
    async close(id: string, closedAt: Date, eraseAfter: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ closedAt, eraseAfter })
        .where(and(eq(users.id, id), isNull(users.closedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Accounts whose erase_after has passed and that are not erased yet, longest due first. */
    async dueForErasure(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(lte(users.eraseAfter, now), isNull(users.erasedAt)))
        .orderBy(asc(users.eraseAfter), asc(users.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Replaces the personal data of one closed account whose erase_after has passed, and locks its row
     * until the transaction ends. False when there is nothing to erase (already erased, or reopened
     * meanwhile); the placeholder email is unique per row.
     */
    async erase(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({
          name: 'Deleted user',
          email: sql`'deleted-' || ${users.id}::text || '@erased.invalid'`,
          phone: null,
          isMobVerified: false,
          lastPhoneReminder: null,
          passwordHash: null,
          erasedAt: now,
        })
        .where(and(eq(users.id, id), lte(users.eraseAfter, now), isNull(users.erasedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /** Accounts whose email starts with `text` (any case) or whose phone is `text`: the back office's search. */
    async idsMatching(text: string, limit: number): Promise<string[]> {
      const prefix = `${escapeLike(text)}%`;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(or(like(sql`lower(${users.email})`, prefix), eq(users.phone, text)))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async listCustomers(
      page: number,
      limit: number,
      q?: string,
    ): Promise<{ rows: UserRow[]; total: number }> {
      const where = and(eq(users.role, 'customer'), q ? matching(q) : undefined);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /**
     * Counts one hit on a fixed window, atomically (one upsert), and returns the count in the current
     * window and when it ends. A window that has ended starts again at one.
     */
    async hitThrottle(
      key: string,
      now: Date,
      windowMs: number,
    ): Promise<{ hits: number; windowEndsAt: Date }> {
      const windowEndsAt = new Date(now.getTime() + windowMs);
      const expired = sql`${authThrottles.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(authThrottles)
        .values({ key, hits: 1, windowStartedAt: now, windowEndsAt })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`,
            windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${authThrottles.windowStartedAt} end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${authThrottles.windowEndsAt} end`,
          },
        })
        .returning({ hits: authThrottles.hits, windowEndsAt: authThrottles.windowEndsAt });
      if (!row) throw new Error('throttle upsert returned no row');
      return row;
    },

    /** The count of a window still running, without adding to it; 0 when none is. */
    async readThrottle(key: string, now: Date): Promise<{ hits: number; windowEndsAt: Date | null }> {
      const [row] = await db
        .select({ hits: authThrottles.hits, windowEndsAt: authThrottles.windowEndsAt })
        .from(authThrottles)
        .where(and(eq(authThrottles.key, key), gt(authThrottles.windowEndsAt, now)))
        .limit(1);
      return row ?? { hits: 0, windowEndsAt: null };
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },

    async deleteEndedThrottles(now: Date): Promise<number> {
      const rows = await db
        .delete(authThrottles)
        .where(lte(authThrottles.windowEndsAt, now))
        .returning({ key: authThrottles.key });
      return rows.length;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
