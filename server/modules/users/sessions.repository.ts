import { and, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from './users.schema';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** All SQL on the sessions table. */
export function createSessionsRepository(db: Db) {
  return {
    async insert(row: { id: string; userId: string | null; now: Date; expiresAt: Date }): Promise<void> {
      await db.insert(sessions).values({
        id: row.id,
        userId: row.userId,
        createdAt: row.now,
        lastSeenAt: row.now,
        expiresAt: row.expiresAt,
      });
    },

    /** The session and, for a signed-in one, its user, in one round trip. */
    async findWithUser(id: string): Promise<{ session: SessionRow; user: UserRow | null } | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      return row ?? null;
    },

    async touch(id: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },

    /** Marks a guest session as waiting for `userId`'s second factor until `until`; never a signed-in one. */
    async markPending(id: string, userId: string, until: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ pendingUserId: userId, pendingUntil: until })
        .where(and(eq(sessions.id, id), isNull(sessions.userId)));
    },

    /** The account a guest session waits for the second factor of, while the wait lasts; null otherwise. */
    async pendingUserOf(id: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ userId: sessions.pendingUserId })
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.userId), gt(sessions.pendingUntil, now)))
        .limit(1);
      return row?.userId ?? null;
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of a user, or every one but `exceptId`; returns how many ended. */
    async deleteForUser(userId: string, exceptId?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Removes sessions past their absolute end or idle since `idleBefore`; returns how many. */
    async deleteExpired(now: Date, idleBefore: Date): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleBefore)))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
