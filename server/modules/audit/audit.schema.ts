import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What staff did: one row per write, stored in the same transaction as the change it records. The
 * table is append-only: a trigger (migration 0014) refuses UPDATE, DELETE and TRUNCATE, so not even a
 * bug or a compromised staff session can rewrite history. The actor is copied, not referenced, so
 * the row outlives a renamed or erased account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_entity').on(t.entity, t.entityId, t.at),
    index('audit_log_actor').on(t.actorId, t.at),
  ],
);
