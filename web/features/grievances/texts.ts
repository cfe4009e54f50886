import { GRIEVANCE_MESSAGES, type GrievanceStatus } from '../../../common/schemas/grievances';

/** The texts of the grievance form and the ticket lookup (Consumer Protection (E-Commerce) Rules, 2020). */
export const GRIEVANCE_TEXTS = {
  formTitle: 'File a grievance',
  formIntro:
    'Not happy with an order, a refund or our service? Tell the Grievance Officer. We acknowledge it at once by email, with a ticket number.',
  promise: GRIEVANCE_MESSAGES.promise,
  fields: {
    name: 'Your name',
    email: 'Email',
    phone: 'Mobile number (optional)',
    orderNumber: 'Order number (optional)',
    subject: 'Subject',
    description: 'What happened',
  },
  hints: {
    phone: '10 digits, without +91.',
    orderNumber: 'As on your order, such as PNV-2611-7K3Q9.',
  },
  submit: 'Submit grievance',
  submitting: 'Submitting…',
  filed: 'Your grievance is filed. Your ticket number is',
  filedMail: 'We have emailed you the acknowledgement with this number.',
  trackLink: 'Check its status',
  fileAnother: 'File another grievance',
  checkFields: 'Check the highlighted fields.',
  noResponse: 'We could not reach the shop. Check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
  lookupTitle: 'Grievance status',
  lookupMeta: 'See the status of your grievance and our replies.',
  lookupIntro: 'Enter the ticket number from your acknowledgement email and the email you filed it with.',
  ticketNumber: 'Ticket number',
  lookupSubmit: 'Show status',
  status: 'Status',
  filedOn: 'Filed on',
  replyDue: 'Reply due by',
  resolvedOn: 'Resolved on',
  replies: 'Our replies',
  noReplies: 'No reply yet.',
  fileLink: 'File a grievance',
  officerTitle: 'Grievance Officer',
} as const;

export const GRIEVANCE_STATUS_TEXTS: Record<GrievanceStatus, string> = {
  Open: 'Open',
  Answered: 'Answered',
  Resolved: 'Resolved',
};
