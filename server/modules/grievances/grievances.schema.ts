import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GrievanceStatus } from '../../../common/schemas/grievances';

/**
 * Grievances filed by shoppers or guests (docs/decisions/076). The person is known by the email they
 * gave: the lookup needs the ticket number and that email. `replyDueAt` is fixed when the ticket is
 * filed, from the holidays configured then, so the promise made in the acknowledgement never moves.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: text('ticket_number').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    orderNumber: text('order_number'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<GrievanceStatus>().notNull(),
    /** When it was filed: the acknowledgement goes out at once. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    check('grievances_status_check', sql`${t.status} in ('Open', 'Answered', 'Resolved')`),
    index('grievances_status_due').on(t.status, t.replyDueAt),
    index('grievances_due').on(t.replyDueAt),
  ],
);

/** Staff answers, each emailed to the person; `authorName` is the staff member's name then. */
export const grievanceReplies = pgTable(
  'grievance_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    authorId: uuid('author_id').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('grievance_replies_grievance').on(t.grievanceId, t.createdAt)],
);
