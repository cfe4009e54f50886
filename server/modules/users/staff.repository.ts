import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../common/staff';
import type { Db } from '../../db/client';
import type { UserRow } from './sessions.repository';
import { staffInvites, users } from './users.schema';

export type StaffInviteRow = typeof staffInvites.$inferSelect;
export type NewStaffInvite = Omit<
  typeof staffInvites.$inferInsert,
  'id' | 'acceptedAt' | 'acceptedBy' | 'voidedAt'
>;

/** Any number, as long as every instance takes the same one before changing an owner. */
const OWNERS_LOCK_KEY = 7_431_907;

/** The SQL of staff accounts and invitations (the users module's tables). */
export function createStaffRepository(db: Db) {
  return {
    /** Staff accounts that are not closed, oldest first. */
    staffAccounts(): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.closedAt)))
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    /**
     * Takes a lock, held until the transaction ends, that every change able to leave the shop without
     * an active owner takes first: two such changes at once (two owners demoting each other) run one
     * after the other, and the second counts the owners the first left.
     */
    async lockOwners(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${OWNERS_LOCK_KEY})`);
    },

    async countActiveOwners(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'owner'), isNull(users.deactivatedAt), isNull(users.closedAt)));
      return row?.n ?? 0;
    },

    /** Ends the open invitations to the email: a new one replaces them. */
    async voidOpenInvites(email: string, at: Date): Promise<void> {
      await db
        .update(staffInvites)
        .set({ voidedAt: at })
        .where(
          and(eq(staffInvites.email, email), isNull(staffInvites.acceptedAt), isNull(staffInvites.voidedAt)),
        );
    },

    async insertInvite(invite: NewStaffInvite): Promise<StaffInviteRow> {
      const [row] = await db.insert(staffInvites).values(invite).returning();
      if (!row) throw new Error('inserting a staff invitation returned no row');
      return row;
    },

    /**
     * Uses the invitation with this token hash, if it is still open and unexpired; a conditional
     * UPDATE, so two acceptances of one link cannot both succeed. Undefined otherwise.
     */
    async takeInvite(tokenHash: string, at: Date): Promise<StaffInviteRow | undefined> {
      const [row] = await db
        .update(staffInvites)
        .set({ acceptedAt: at })
        .where(
          and(
            eq(staffInvites.tokenHash, tokenHash),
            isNull(staffInvites.acceptedAt),
            isNull(staffInvites.voidedAt),
            gt(staffInvites.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    async setAcceptedBy(inviteId: string, userId: string): Promise<void> {
      await db.update(staffInvites).set({ acceptedBy: userId }).where(eq(staffInvites.id, inviteId));
    },

    /** Invitations neither used, voided nor expired, oldest first. */
    openInvites(at: Date): Promise<StaffInviteRow[]> {
      return db
        .select()
        .from(staffInvites)
        .where(
          and(isNull(staffInvites.acceptedAt), isNull(staffInvites.voidedAt), gt(staffInvites.expiresAt, at)),
        )
        .orderBy(asc(staffInvites.createdAt), asc(staffInvites.id));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
