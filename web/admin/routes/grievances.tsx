import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import {
  type AdminGrievances,
  GRIEVANCE_MESSAGES,
  GRIEVANCE_STATUSES,
  type GrievanceDueFlag,
  type GrievanceStatus,
} from '../../../common/schemas/grievances';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDate, formatDateTime } from '../lib/format';

export const GRIEVANCES_TEXTS = {
  title: 'Grievances',
  promise: GRIEVANCE_MESSAGES.promise,
  tabs: { Open: 'To answer', Answered: 'Answered', Resolved: 'Resolved' } satisfies Record<
    GrievanceStatus,
    string
  >,
  columns: {
    ticket: 'Ticket',
    from: 'From',
    subject: 'Subject',
    filed: 'Filed',
    due: 'Reply due',
  },
  flags: { 'due-soon': 'Due soon', overdue: 'Overdue' } satisfies Record<GrievanceDueFlag, string>,
  pager: 'Grievance pages',
  empty: 'No grievances here.',
} as const;

/** How a ticket close to or past its reply promise stands out, in the list and on the ticket. */
export function DueFlag({ flag }: { flag: GrievanceDueFlag | null }) {
  if (!flag) return null;
  const tone = flag === 'overdue' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900';
  return (
    <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {GRIEVANCES_TEXTS.flags[flag]}
    </span>
  );
}

function statusOf(value: string | null): GrievanceStatus {
  return GRIEVANCE_STATUSES.find((status) => status === value) ?? 'Open';
}

/** The grievance queue, the nearest reply due first; tickets close to their promise are flagged. */
export default function GrievancesPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageOf(params);
  const grievances = useQuery({
    queryKey: ['admin', 'grievances', status, page],
    queryFn: () => api.get<AdminGrievances>(`${API.admin.grievances}${toQueryString({ status, page })}`),
    placeholderData: keepPreviousData,
  });
  const { columns } = GRIEVANCES_TEXTS;
  return (
    <section aria-labelledby="grievances-title">
      <h1 id="grievances-title" className="font-display text-2xl text-brand-800">
        {GRIEVANCES_TEXTS.title}
      </h1>
      <p className="mt-1 text-stone-600">{GRIEVANCES_TEXTS.promise}</p>
      <div role="tablist" aria-label={GRIEVANCES_TEXTS.title} className="mt-4 flex gap-2 overflow-x-auto">
        {GRIEVANCE_STATUSES.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={tab === status}
            className={`shrink-0 rounded-full border px-4 py-2 text-sm font-medium ${
              tab === status
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-stone-300 bg-white text-stone-700'
            }`}
            onClick={() => setParams({ status: tab })}
          >
            {GRIEVANCES_TEXTS.tabs[tab]}
          </button>
        ))}
      </div>
      <ListState
        query={grievances}
        isEmpty={(data) => data.grievances.length === 0}
        empty={GRIEVANCES_TEXTS.empty}
      >
        {(data) => (
          <>
            <table className="admin-table mt-4">
              <thead>
                <tr>
                  <th scope="col">{columns.ticket}</th>
                  <th scope="col">{columns.from}</th>
                  <th scope="col">{columns.subject}</th>
                  <th scope="col">{columns.filed}</th>
                  <th scope="col">{columns.due}</th>
                </tr>
              </thead>
              <tbody>
                {data.grievances.map((row) => (
                  <tr key={row.ticketNumber}>
                    <td data-label={columns.ticket} className="font-medium">
                      <Link to={`/grievances/${row.ticketNumber}`} className="text-link">
                        {row.ticketNumber}
                      </Link>
                    </td>
                    <td data-label={columns.from} className="break-words">
                      {row.name}
                    </td>
                    <td data-label={columns.subject} className="break-words">
                      {row.subject}
                    </td>
                    <td data-label={columns.filed}>{formatDate(row.acknowledgedAt)}</td>
                    <td data-label={columns.due}>
                      {formatDateTime(row.replyDueAt)}
                      <DueFlag flag={row.dueFlag} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <UrlPager label={GRIEVANCES_TEXTS.pager} page={data.page} pages={data.pages} />
          </>
        )}
      </ListState>
    </section>
  );
}
