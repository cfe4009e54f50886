import { z } from 'zod';
import { GRIEVANCE_BUSINESS_DAYS } from '../constants';
import { pageQuery } from './admin';
import { emailSchema, indianMobileSchema } from './auth';
import { multiLine, singleLine } from './text';

/**
 * Grievances under the Consumer Protection (E-Commerce) Rules, 2020 (docs/decisions/076): a ticket is
 * Open when filed, Answered once staff replied, Resolved when staff closed it.
 */
export const GRIEVANCE_STATUSES = ['Open', 'Answered', 'Resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** A ticket not resolved is flagged "due soon" this many business days before its reply is due. */
export const GRIEVANCE_DUE_SOON_BUSINESS_DAYS = 3;

/** How close a ticket that is not resolved is to its reply promise; null once resolved or while far off. */
export const GRIEVANCE_DUE_FLAGS = ['due-soon', 'overdue'] as const;
export type GrievanceDueFlag = (typeof GRIEVANCE_DUE_FLAGS)[number];

export const GRIEVANCE_MESSAGES = {
  /** The same for an unknown ticket and for someone else's, so the lookup tells nothing away. */
  notFound: 'No grievance with that ticket number and email.',
  resolved: 'This grievance is resolved already.',
  tooMany: 'Too many grievances from this network.',
  /** SPEC.md §9's promise, shown with each ticket. */
  promise: `A grievance is answered within ${GRIEVANCE_BUSINESS_DAYS} business days.`,
} as const;

/** The ticket number: GRV-, year and month (UTC), then 6 characters (docs/decisions/076). */
export const TICKET_NUMBER_PATTERN = /^GRV-[0-9]{4}-[2-9A-HJKMNP-TV-Z]{6}$/;
const ticketNumberSchema = singleLine()
  .trim()
  .toUpperCase()
  .regex(TICKET_NUMBER_PATTERN, 'Enter the ticket number as in your email, such as GRV-2611-7K3Q9A.');

export const GRIEVANCE_LIMITS = { subject: 150, description: 5000, reply: 5000 } as const;

/** `POST /api/grievances`. `token` is the captcha answer when the shop has a captcha. */
export const fileGrievanceSchema = z.object({
  name: singleLine().trim().min(2, 'Enter at least 2 characters.').max(60, 'Use at most 60 characters.'),
  email: emailSchema,
  phone: indianMobileSchema.optional(),
  orderNumber: singleLine().trim().toUpperCase().max(40, 'Use at most 40 characters.').optional(),
  subject: singleLine()
    .trim()
    .min(3, 'Enter at least 3 characters.')
    .max(GRIEVANCE_LIMITS.subject, `Use at most ${GRIEVANCE_LIMITS.subject} characters.`),
  description: multiLine()
    .trim()
    .min(10, 'Describe the grievance in at least 10 characters.')
    .max(GRIEVANCE_LIMITS.description, `Use at most ${GRIEVANCE_LIMITS.description} characters.`),
  token: singleLine().max(4000).optional(),
});
export type FileGrievanceBody = z.infer<typeof fileGrievanceSchema>;

export const grievanceFiledSchema = z.object({
  ticketNumber: z.string(),
  status: z.literal('Open'),
  acknowledgedAt: z.string(),
});
export type GrievanceFiled = z.infer<typeof grievanceFiledSchema>;

export const ticketParamsSchema = z.object({ ticketNumber: ticketNumberSchema });
export const ticketLookupQuerySchema = z.object({ email: emailSchema });

const replySchema = z.object({ message: z.string(), createdAt: z.string() });

/** What the person who filed it sees. */
export const grievanceTicketSchema = z.object({
  ticketNumber: z.string(),
  subject: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  acknowledgedAt: z.string(),
  /** The end of the 15 business days. */
  replyDueAt: z.string(),
  resolvedAt: z.string().nullable(),
  replies: z.array(replySchema),
});
export type GrievanceTicket = z.infer<typeof grievanceTicketSchema>;
export const grievanceTicketAnswerSchema = z.object({ grievance: grievanceTicketSchema });

/** A row of the staff list. */
export const adminGrievanceRowSchema = z.object({
  ticketNumber: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  acknowledgedAt: z.string(),
  replyDueAt: z.string(),
  dueFlag: z.enum(GRIEVANCE_DUE_FLAGS).nullable(),
});
export type AdminGrievanceRow = z.infer<typeof adminGrievanceRowSchema>;

export const adminGrievancesQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(GRIEVANCE_STATUSES).optional(),
});
export type AdminGrievancesQuery = z.infer<typeof adminGrievancesQuerySchema>;

export const adminGrievancesSchema = z.object({
  grievances: z.array(adminGrievanceRowSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type AdminGrievances = z.infer<typeof adminGrievancesSchema>;

/** One ticket for staff: everything the person wrote, and who answered. */
export const adminGrievanceSchema = adminGrievanceRowSchema.extend({
  phone: z.string().nullable(),
  orderNumber: z.string().nullable(),
  description: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  replies: z.array(replySchema.extend({ author: z.string() })),
});
export type AdminGrievance = z.infer<typeof adminGrievanceSchema>;
export const adminGrievanceAnswerSchema = z.object({ grievance: adminGrievanceSchema });

export const grievanceReplySchema = z.object({
  message: multiLine()
    .trim()
    .min(1, 'Write a reply.')
    .max(GRIEVANCE_LIMITS.reply, `Use at most ${GRIEVANCE_LIMITS.reply} characters.`),
});
export const grievanceResolveSchema = z.object({
  note: multiLine().trim().max(1000, 'Use at most 1000 characters.').optional(),
});

/** The captcha action the contact form asks a token for, and the server checks. */
export const GRIEVANCE_CAPTCHA_ACTION = 'grievance';

/** The shop's page where a person looks a ticket up; the acknowledgement mail links to it. */
export const GRIEVANCE_STATUS_PAGE = '/grievance-status';
