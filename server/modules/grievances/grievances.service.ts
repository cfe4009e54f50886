import { addBusinessDays, type Holidays } from '../../../common/business-days';
import { GRIEVANCE_BUSINESS_DAYS } from '../../../common/constants';
import {
  type AdminGrievance,
  type AdminGrievanceRow,
  type AdminGrievances,
  type AdminGrievancesQuery,
  type FileGrievanceBody,
  GRIEVANCE_DUE_SOON_BUSINESS_DAYS,
  GRIEVANCE_MESSAGES,
  type GrievanceDueFlag,
  type GrievanceFiled,
  type GrievanceTicket,
} from '../../../common/schemas/grievances';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { newReadableNumber } from '../../readable-number';
import {
  createGrievancesRepository,
  type GrievanceReplyRow,
  type GrievanceRow,
} from './grievances.repository';

/** Draws of a ticket number before giving up: 30^6 numbers a month make a second draw rare already. */
const TICKET_NUMBER_ATTEMPTS = 5;

/** The ticket number (docs/decisions/076): GRV-2611-7K3Q9A. */
const newTicketNumber = (at: Date) => newReadableNumber('GRV', at, 6);

/**
 * Whether an Open ticket is close to its reply promise or past it (docs/decisions/076): due soon from
 * 3 business days before the end of the 15, overdue after it. Answered and resolved tickets kept the
 * promise, so they carry no flag.
 */
export function dueFlagOf(
  ticket: Pick<GrievanceRow, 'status' | 'createdAt' | 'replyDueAt'>,
  at: Date,
  holidays: Holidays,
): GrievanceDueFlag | null {
  if (ticket.status !== 'Open') return null;
  if (at > ticket.replyDueAt) return 'overdue';
  const dueSoonFrom = addBusinessDays(
    ticket.createdAt,
    GRIEVANCE_BUSINESS_DAYS - GRIEVANCE_DUE_SOON_BUSINESS_DAYS,
    holidays,
  );
  return at >= dueSoonFrom ? 'due-soon' : null;
}

/** A change staff made, for the audit log and the mail to the person. */
export interface GrievanceChange {
  before: AdminGrievance;
  after: AdminGrievance;
}

export interface GrievancesServiceOptions {
  now: () => Date;
  /** India dates (2026-12-25) that are no business days: HOLIDAYS in the configuration. */
  holidays: Holidays;
}

/** Grievance tickets: filing, the filer's lookup, and the staff side (list, reply, resolve). */
export function createGrievancesService(db: Db, { now, holidays }: GrievancesServiceOptions) {
  const repository = createGrievancesRepository(db);

  const rowOf = (ticket: GrievanceRow, at: Date): AdminGrievanceRow => ({
    ticketNumber: ticket.ticketNumber,
    name: ticket.name,
    email: ticket.email,
    subject: ticket.subject,
    status: ticket.status,
    acknowledgedAt: ticket.createdAt.toISOString(),
    replyDueAt: ticket.replyDueAt.toISOString(),
    dueFlag: dueFlagOf(ticket, at, holidays),
  });

  const staffViewOf = (ticket: GrievanceRow, replies: GrievanceReplyRow[]): AdminGrievance => ({
    ...rowOf(ticket, now()),
    phone: ticket.phone,
    orderNumber: ticket.orderNumber,
    description: ticket.description,
    resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
    resolutionNote: ticket.resolutionNote,
    replies: replies.map((reply) => ({
      message: reply.message,
      createdAt: reply.createdAt.toISOString(),
      author: reply.authorName,
    })),
  });

  async function lockedTicket(ticketNumber: string): Promise<GrievanceRow> {
    const ticket = await repository.byTicket(ticketNumber, true);
    if (!ticket) throw new NotFoundError(GRIEVANCE_MESSAGES.notFound);
    return ticket;
  }

  return {
    /** Files a ticket under a fresh number; its reply is due 15 business days later. */
    async file(input: Omit<FileGrievanceBody, 'token'>): Promise<GrievanceFiled & { replyDueAt: Date }> {
      const at = now();
      for (let attempt = 0; attempt < TICKET_NUMBER_ATTEMPTS; attempt += 1) {
        const row = await repository.insert({
          ticketNumber: newTicketNumber(at),
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          orderNumber: input.orderNumber || null,
          subject: input.subject,
          description: input.description,
          status: 'Open',
          createdAt: at,
          replyDueAt: addBusinessDays(at, GRIEVANCE_BUSINESS_DAYS, holidays),
        });
        if (row) {
          return {
            ticketNumber: row.ticketNumber,
            status: 'Open',
            acknowledgedAt: at.toISOString(),
            replyDueAt: row.replyDueAt,
          };
        }
      }
      throw new Error(`no free ticket number after ${TICKET_NUMBER_ATTEMPTS} attempts`);
    },

    /** The ticket as its filer sees it; 404 alike for an unknown number and for another email. */
    async forFiler(ticketNumber: string, email: string): Promise<GrievanceTicket> {
      const ticket = await repository.byTicket(ticketNumber);
      if (!ticket || ticket.email !== email) throw new NotFoundError(GRIEVANCE_MESSAGES.notFound);
      const replies = await repository.replies(ticket.id);
      return {
        ticketNumber: ticket.ticketNumber,
        subject: ticket.subject,
        status: ticket.status,
        acknowledgedAt: ticket.createdAt.toISOString(),
        replyDueAt: ticket.replyDueAt.toISOString(),
        resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
        replies: replies.map(({ message, createdAt }) => ({ message, createdAt: createdAt.toISOString() })),
      };
    },

    async list({ status, page, limit }: AdminGrievancesQuery): Promise<AdminGrievances> {
      const { rows, total } = await repository.page(status, { offset: (page - 1) * limit, limit });
      const at = now();
      return {
        grievances: rows.map((row) => rowOf(row, at)),
        page,
        pages: Math.ceil(total / limit),
        total,
      };
    },

    async forStaff(ticketNumber: string): Promise<AdminGrievance> {
      const ticket = await repository.byTicket(ticketNumber);
      if (!ticket) throw new NotFoundError(GRIEVANCE_MESSAGES.notFound);
      return staffViewOf(ticket, await repository.replies(ticket.id));
    },

    /**
     * Adds a staff answer (run in the flow's transaction: the row is locked); an Open ticket becomes
     * Answered. 409 once resolved: a new concern is a new ticket.
     */
    async reply(
      ticketNumber: string,
      author: { id: string; name: string },
      message: string,
    ): Promise<GrievanceChange> {
      const ticket = await lockedTicket(ticketNumber);
      if (ticket.status === 'Resolved') throw new ConflictError(GRIEVANCE_MESSAGES.resolved, 'RESOLVED');
      const replies = await repository.replies(ticket.id);
      const before = staffViewOf(ticket, replies);
      const at = now();
      await repository.addReply({
        grievanceId: ticket.id,
        message,
        authorId: author.id,
        authorName: author.name,
        createdAt: at,
      });
      const updated =
        ticket.status === 'Open' ? await repository.update(ticket.id, { status: 'Answered' }) : ticket;
      return { before, after: staffViewOf(updated, await repository.replies(ticket.id)) };
    },

    /** Closes the ticket as resolved (in the flow's transaction); 409 when it is already. */
    async resolve(ticketNumber: string, note: string | undefined): Promise<GrievanceChange> {
      const ticket = await lockedTicket(ticketNumber);
      if (ticket.status === 'Resolved') throw new ConflictError(GRIEVANCE_MESSAGES.resolved, 'RESOLVED');
      const replies = await repository.replies(ticket.id);
      const updated = await repository.update(ticket.id, {
        status: 'Resolved',
        resolvedAt: now(),
        resolutionNote: note || null,
      });
      return { before: staffViewOf(ticket, replies), after: staffViewOf(updated, replies) };
    },
  };
}
export type GrievancesService = ReturnType<typeof createGrievancesService>;
