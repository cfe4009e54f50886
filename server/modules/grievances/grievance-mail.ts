import { GRIEVANCE_MESSAGES, GRIEVANCE_STATUS_PAGE } from '../../../common/schemas/grievances';
import type { GrievanceOfficer } from '../../config/config';
import type { MailMessage } from '../../providers';

/** What the grievance mails name: the shop, its officer, and where to look the ticket up. */
export interface GrievanceMailShop {
  name: string;
  grievanceOfficer: GrievanceOfficer;
  /** The shop's address without a trailing slash (siteUrlOf). */
  siteUrl: string;
}

interface Ticket {
  ticketNumber: string;
  name: string;
  email: string;
  subject: string;
}

const statusLink = (shop: GrievanceMailShop, ticketNumber: string) =>
  `${shop.siteUrl}${GRIEVANCE_STATUS_PAGE}?ticket=${encodeURIComponent(ticketNumber)}`;

const signature = ({ grievanceOfficer: officer, name }: GrievanceMailShop) => [
  '',
  officer.name,
  `${officer.designation}, ${name}`,
  `${officer.email} · ${officer.phone}`,
];

/** Sent as soon as a grievance is filed (the rules ask within 48 hours). */
export function acknowledgementMail(shop: GrievanceMailShop, ticket: Ticket, replyDueAt: Date): MailMessage {
  return {
    to: ticket.email,
    subject: `${shop.name} grievance ${ticket.ticketNumber} received`,
    text: [
      `Dear ${ticket.name},`,
      '',
      `We have received your grievance "${ticket.subject}". Your ticket number is ${ticket.ticketNumber}.`,
      `${GRIEVANCE_MESSAGES.promise} Your reply is due by ${indiaDate(replyDueAt)}.`,
      '',
      `See its status and our replies at ${statusLink(shop, ticket.ticketNumber)} with this email address.`,
      ...signature(shop),
    ].join('\n'),
  };
}

/** A staff answer, word for word. */
export function replyMail(shop: GrievanceMailShop, ticket: Ticket, message: string): MailMessage {
  return {
    to: ticket.email,
    subject: `Re: ${shop.name} grievance ${ticket.ticketNumber}`,
    text: [
      `Dear ${ticket.name},`,
      '',
      message,
      '',
      `Your ticket: ${statusLink(shop, ticket.ticketNumber)}`,
      ...signature(shop),
    ].join('\n'),
  };
}

/** The ticket was closed as resolved. */
export function resolvedMail(shop: GrievanceMailShop, ticket: Ticket, note: string | null): MailMessage {
  return {
    to: ticket.email,
    subject: `${shop.name} grievance ${ticket.ticketNumber} resolved`,
    text: [
      `Dear ${ticket.name},`,
      '',
      `Your grievance "${ticket.subject}" (${ticket.ticketNumber}) is resolved.`,
      ...(note ? ['', note] : []),
      '',
      `If it is not, write to ${shop.grievanceOfficer.email} quoting the ticket number.`,
      ...signature(shop),
    ].join('\n'),
  };
}

/** A date as a person in India reads it: 16 December 2026. */
function indiaDate(at: Date): string {
  return at.toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
