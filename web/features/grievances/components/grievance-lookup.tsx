import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, TextField } from '../../../components/ui/form-fields';
import { HttpError } from '../../../lib/api-client';
import { formatIndiaDate } from '../../../lib/dates';
import { type TicketLookup, useGrievance } from '../api/get-grievance';
import { GRIEVANCE_STATUS_TEXTS, GRIEVANCE_TEXTS } from '../texts';

/** Ticket number and email in, the ticket's status, due date and replies out. */
export function GrievanceLookup({ initialTicket = '' }: { initialTicket?: string }) {
  const [lookup, setLookup] = useState<TicketLookup | null>(null);
  const ticket = useGrievance(lookup);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setLookup({
      ticketNumber: String(form.get('ticketNumber') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
    });
  }

  const failure = ticket.error
    ? ticket.error instanceof HttpError
      ? (HttpError.messageOf(ticket.error.data) ?? GRIEVANCE_TEXTS.unexpected)
      : GRIEVANCE_TEXTS.noResponse
    : null;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="font-display text-3xl text-brand-800">{GRIEVANCE_TEXTS.lookupTitle}</h1>
      <p className="mt-2 text-stone-700">{GRIEVANCE_TEXTS.lookupIntro}</p>
      <form
        aria-label={GRIEVANCE_TEXTS.lookupTitle}
        onSubmit={submit}
        className="surface-card mt-6 grid gap-4 p-5 sm:grid-cols-2"
      >
        <TextField
          label={GRIEVANCE_TEXTS.ticketNumber}
          name="ticketNumber"
          defaultValue={initialTicket}
          required
          autoCapitalize="characters"
        />
        <TextField
          label={GRIEVANCE_TEXTS.fields.email}
          name="email"
          type="email"
          autoComplete="email"
          required
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={ticket.isFetching}>
            {GRIEVANCE_TEXTS.lookupSubmit}
          </button>
        </div>
      </form>

      {failure && (
        <div className="mt-4">
          <FormMessage tone="error">{failure}</FormMessage>
        </div>
      )}

      {ticket.data && (
        <section aria-labelledby="ticket-title" className="surface-card mt-6 p-5">
          <h2 id="ticket-title" className="font-display text-xl font-semibold text-stone-900">
            {ticket.data.ticketNumber}: {ticket.data.subject}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-800">
            <dt className="text-stone-600">{GRIEVANCE_TEXTS.status}</dt>
            <dd className="font-semibold">{GRIEVANCE_STATUS_TEXTS[ticket.data.status]}</dd>
            <dt className="text-stone-600">{GRIEVANCE_TEXTS.filedOn}</dt>
            <dd>{formatIndiaDate(ticket.data.acknowledgedAt)}</dd>
            <dt className="text-stone-600">{GRIEVANCE_TEXTS.replyDue}</dt>
            <dd>{formatIndiaDate(ticket.data.replyDueAt)}</dd>
            {ticket.data.resolvedAt && (
              <>
                <dt className="text-stone-600">{GRIEVANCE_TEXTS.resolvedOn}</dt>
                <dd>{formatIndiaDate(ticket.data.resolvedAt)}</dd>
              </>
            )}
          </dl>
          <p className="mt-2 text-sm text-stone-600">{GRIEVANCE_TEXTS.promise}</p>
          <h3 className="mt-5 font-semibold text-stone-900">{GRIEVANCE_TEXTS.replies}</h3>
          {ticket.data.replies.length === 0 ? (
            <p className="mt-1 text-stone-700">{GRIEVANCE_TEXTS.noReplies}</p>
          ) : (
            <ol className="mt-2 space-y-3">
              {ticket.data.replies.map((reply) => (
                <li key={reply.createdAt} className="rounded-lg bg-brand-50 p-3">
                  <p className="text-sm text-stone-600">{formatIndiaDate(reply.createdAt)}</p>
                  <p className="mt-1 whitespace-pre-line text-stone-900">{reply.message}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
      <p className="mt-6">
        <Link to="/contact#grievance" className="text-link">
          {GRIEVANCE_TEXTS.fileLink}
        </Link>
      </p>
    </div>
  );
}
