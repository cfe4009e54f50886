import { asc, count, eq } from 'drizzle-orm';
import type { GrievanceStatus } from '../../../common/schemas/grievances';
import type { Db } from '../../db/client';
import { grievanceReplies, grievances } from './grievances.schema';

export type GrievanceRow = typeof grievances.$inferSelect;
export type NewGrievance = typeof grievances.$inferInsert;
export type GrievanceReplyRow = typeof grievanceReplies.$inferSelect;

/** All SQL of the grievance tables; nothing outside the grievances module uses it. */
export function createGrievancesRepository(db: Db) {
  return {
    /** Inserts the ticket; null when its number is taken (the caller draws another). */
    async insert(row: NewGrievance): Promise<GrievanceRow | null> {
      const [inserted] = await db.insert(grievances).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async byTicket(ticketNumber: string, lock = false): Promise<GrievanceRow | undefined> {
      const query = db.select().from(grievances).where(eq(grievances.ticketNumber, ticketNumber));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async replies(grievanceId: string): Promise<GrievanceReplyRow[]> {
      return db
        .select()
        .from(grievanceReplies)
        .where(eq(grievanceReplies.grievanceId, grievanceId))
        .orderBy(asc(grievanceReplies.createdAt), asc(grievanceReplies.id));
    },

    /** A page of tickets, the nearest reply due first. */
    async page(
      status: GrievanceStatus | undefined,
      { offset, limit }: { offset: number; limit: number },
    ): Promise<{ rows: GrievanceRow[]; total: number }> {
      const where = status ? eq(grievances.status, status) : undefined;
      const rows = await db
        .select()
        .from(grievances)
        .where(where)
        .orderBy(asc(grievances.replyDueAt), asc(grievances.id))
        .offset(offset)
        .limit(limit);
      const [counted] = await db.select({ total: count() }).from(grievances).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    async addReply(row: typeof grievanceReplies.$inferInsert): Promise<void> {
      await db.insert(grievanceReplies).values(row);
    },

    async update(
      id: string,
      changes: Partial<Pick<GrievanceRow, 'status' | 'resolvedAt' | 'resolutionNote'>>,
    ): Promise<GrievanceRow> {
      const [row] = await db.update(grievances).set(changes).where(eq(grievances.id, id)).returning();
      if (!row) throw new Error(`grievance ${id} vanished inside its transaction`);
      return row;
    },
  };
}
export type GrievancesRepository = ReturnType<typeof createGrievancesRepository>;
