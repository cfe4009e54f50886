import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './audit.schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: string;
  entity?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

/** All SQL of the audit log; nothing outside the audit module uses it. Rows are only ever inserted. */
export function createAuditRepository(db: Db) {
  return {
    async insert(row: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    /** Many rows in a few statements (a CSV import records thousands of products). */
    async insertMany(rows: readonly NewAuditRow[]): Promise<void> {
      const perStatement = 1000;
      for (let i = 0; i < rows.length; i += perStatement) {
        await db.insert(auditLog).values(rows.slice(i, i + perStatement));
      }
    },

    /** Newest first; `to` is exclusive, so consecutive ranges never count a row twice. */
    async list(
      filter: AuditFilter,
      page: number,
      limit: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
      if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lt(auditLog.at, filter.to));
      const where = and(...conditions);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}
