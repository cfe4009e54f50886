import type { AuditEntry, AuditList, AuditQuery } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import { type AuditRow, createAuditRepository } from './audit.repository';

/** The staff member who made a change, as the audit log keeps it. */
export interface Actor {
  id: string;
  email: string;
  role: string;
}

/** One staff write: what was done to which record, with the record before and after (null when none). */
export interface AuditChange {
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor: { _id: row.actorId, email: row.actorEmail, role: row.actorRole },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/**
 * The audit log of staff writes. `record` must run on the services of the change's own transaction
 * (`transaction((tx) => … tx.audit.record(…))`), so the change and its record commit together or not
 * at all.
 */
export function createAuditService(db: Db, { now }: { now: () => Date }) {
  const repository = createAuditRepository(db);
  const rowOf = (actor: Actor, change: AuditChange, at: Date) => ({
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
  return {
    record(actor: Actor, change: AuditChange): Promise<void> {
      return repository.insert(rowOf(actor, change, now()));
    },

    /** Records many changes of one staff write at once, all at the same moment. */
    recordMany(actor: Actor, changes: readonly AuditChange[]): Promise<void> {
      const at = now();
      return repository.insertMany(changes.map((change) => rowOf(actor, change, at)));
    },

    async list(query: AuditQuery): Promise<AuditList> {
      const { rows, total } = await repository.list(
        {
          actorId: query.actor,
          entity: query.entity,
          entityId: query.entityId,
          from: query.from,
          to: query.to,
        },
        query.page,
        query.limit,
      );
      return {
        entries: rows.map(entryOf),
        page: query.page,
        pages: Math.max(1, Math.ceil(total / query.limit)),
        total,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
