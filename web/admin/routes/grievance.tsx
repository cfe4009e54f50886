import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { type AdminGrievance, GRIEVANCE_LIMITS } from '../../../common/schemas/grievances';
import { TextAreaField } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { api, HttpError } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { formatDateTime } from '../lib/format';
import { useCan } from '../lib/staff';
import { DueFlag, GRIEVANCES_TEXTS } from './grievances';

export const GRIEVANCE_TEXTS = {
  back: '← Grievances',
  filed: (at: string) => `Filed ${at}`,
  due: (at: string) => `Reply due ${at}`,
  from: 'From',
  order: 'Order',
  noOrder: 'None given',
  complaint: 'Grievance',
  replies: 'Replies',
  noReplies: 'No reply yet.',
  replyForm: 'Answer the person',
  reply: 'Reply',
  replyHint: 'Emailed to the person as written, and shown on their status page.',
  send: 'Send reply',
  sent: 'Reply sent.',
  resolveForm: 'Resolve the grievance',
  resolveNote: 'Resolution note (optional)',
  resolveHint: 'Emailed to the person with the news that the grievance is resolved.',
  resolveAction: 'Mark resolved',
  resolved: 'Grievance resolved.',
  resolvedOn: (at: string) => `Resolved ${at}`,
  notFound: 'No such grievance.',
} as const;

function errorText(error: unknown): string {
  return error instanceof HttpError ? error.message : String(error);
}

function Answering({
  grievance,
  onDone,
}: {
  grievance: AdminGrievance;
  onDone: (next: AdminGrievance, message: string) => void;
}) {
  const [message, setMessage] = useState('');
  const [note, setNote] = useState('');
  const act = useMutation({
    mutationFn: ({ url, body }: { url: string; body: object; done: string }) =>
      api.post<{ grievance: AdminGrievance }>(url, body),
    onSuccess: ({ grievance: next }, { done }) => {
      setMessage('');
      setNote('');
      onDone(next, done);
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const reply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act.mutate({
      url: API.admin.grievanceReply(grievance.ticketNumber),
      body: { message },
      done: GRIEVANCE_TEXTS.sent,
    });
  };
  const resolve = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act.mutate({
      url: API.admin.grievanceResolve(grievance.ticketNumber),
      body: note.trim() ? { note } : {},
      done: GRIEVANCE_TEXTS.resolved,
    });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form onSubmit={reply} aria-label={GRIEVANCE_TEXTS.replyForm} className="surface-card space-y-3 p-4">
        <TextAreaField
          label={GRIEVANCE_TEXTS.reply}
          hint={GRIEVANCE_TEXTS.replyHint}
          required
          maxLength={GRIEVANCE_LIMITS.reply}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={act.isPending}>
          {GRIEVANCE_TEXTS.send}
        </button>
      </form>
      <form
        onSubmit={resolve}
        aria-label={GRIEVANCE_TEXTS.resolveForm}
        className="surface-card space-y-3 p-4"
      >
        <TextAreaField
          label={GRIEVANCE_TEXTS.resolveNote}
          hint={GRIEVANCE_TEXTS.resolveHint}
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={act.isPending}>
          {GRIEVANCE_TEXTS.resolveAction}
        </button>
      </form>
    </div>
  );
}

/** One grievance: what the person wrote, the replies, and (for those who handle orders) reply and resolve. */
export default function GrievancePage() {
  const { ticketNumber = '' } = useParams();
  const queryClient = useQueryClient();
  const canHandle = useCan('orders:handle');
  const queryKey = ['admin', 'grievance', ticketNumber];
  const grievance = useQuery({
    queryKey,
    queryFn: () => api.get<{ grievance: AdminGrievance }>(API.admin.grievance(ticketNumber)),
  });
  const onDone = (next: AdminGrievance, message: string) => {
    queryClient.setQueryData(queryKey, { grievance: next });
    queryClient.invalidateQueries({ queryKey: ['admin', 'grievances'] });
    toast.success(message);
  };
  const T = GRIEVANCE_TEXTS;
  return (
    <div className="space-y-4">
      <Link to="/grievances" className="text-link text-sm">
        {T.back}
      </Link>
      <ListState query={grievance} isEmpty={() => false} empty={T.notFound}>
        {({ grievance: g }) => (
          <>
            <header>
              <h1 className="font-display text-2xl break-words text-brand-800">
                {g.ticketNumber}: {g.subject}
              </h1>
              <p className="mt-1 text-sm text-stone-600">
                {GRIEVANCES_TEXTS.tabs[g.status]} · {T.filed(formatDateTime(g.acknowledgedAt))} ·{' '}
                {g.resolvedAt
                  ? T.resolvedOn(formatDateTime(g.resolvedAt))
                  : T.due(formatDateTime(g.replyDueAt))}
                <DueFlag flag={g.dueFlag} />
              </p>
              <p className="mt-1 text-sm text-stone-600">{GRIEVANCES_TEXTS.promise}</p>
            </header>
            <div className="grid gap-4 lg:grid-cols-2">
              <section className="surface-card p-4">
                <h2 className="font-semibold text-stone-800">{T.from}</h2>
                <p className="mt-2 text-sm break-words">
                  {g.name}
                  <br />
                  <a href={`mailto:${g.email}`} className="text-link break-all">
                    {g.email}
                  </a>
                  {g.phone && (
                    <>
                      <br />
                      {g.phone}
                    </>
                  )}
                </p>
                <p className="mt-2 text-sm">
                  {T.order}: {g.orderNumber ?? T.noOrder}
                </p>
              </section>
              <section className="surface-card p-4">
                <h2 className="font-semibold text-stone-800">{T.complaint}</h2>
                <p className="mt-2 text-sm whitespace-pre-line break-words">{g.description}</p>
              </section>
            </div>
            <section className="surface-card p-4">
              <h2 className="font-semibold text-stone-800">{T.replies}</h2>
              {g.replies.length === 0 ? (
                <p className="mt-2 text-sm text-stone-600">{T.noReplies}</p>
              ) : (
                <ol className="mt-2 space-y-3 text-sm">
                  {g.replies.map((reply) => (
                    <li key={reply.createdAt}>
                      <p className="whitespace-pre-line break-words">{reply.message}</p>
                      <p className="text-xs text-stone-500">
                        {reply.author} · {formatDateTime(reply.createdAt)}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
              {g.resolutionNote && <p className="mt-3 text-sm whitespace-pre-line">{g.resolutionNote}</p>}
            </section>
            {canHandle && g.status !== 'Resolved' && <Answering grievance={g} onDone={onDone} />}
          </>
        )}
      </ListState>
    </div>
  );
}
