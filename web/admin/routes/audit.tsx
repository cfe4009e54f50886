import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import type { AuditEntry, AuditList } from '../../../common/schemas/admin';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDateTime } from '../lib/format';

const TEXTS = {
  title: 'Audit log',
  intro: 'Every change staff made, newest first. Entries can never be changed or deleted.',
  filters: 'Filter the log',
  entity: 'Record type',
  entityId: 'Record id',
  from: 'From',
  to: 'Until',
  apply: 'Apply',
  clear: 'Clear',
  columns: { at: 'When', actor: 'Who', action: 'What', record: 'Record', change: 'Change' },
  before: 'Before',
  after: 'After',
  details: 'Show the change',
  pager: 'Audit log pages',
  empty: 'No entries match.',
} as const;

const FILTERS = ['entity', 'entityId', 'actor', 'from', 'to'] as const;

function Change({ entry }: { entry: AuditEntry }) {
  if (entry.before == null && entry.after == null) return null;
  return (
    <details>
      <summary className="cursor-pointer text-brand-700">{TEXTS.details}</summary>
      <dl className="mt-2 grid gap-2 text-xs">
        {(['before', 'after'] as const).map((side) => (
          <div key={side}>
            <dt className="font-semibold">{TEXTS[side]}</dt>
            <dd>
              <pre className="max-w-[80vw] overflow-x-auto rounded bg-stone-100 p-2 sm:max-w-md">
                {JSON.stringify(entry[side], null, 2)}
              </pre>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Who did what and when, filtered by record, person and time; the filters live in the URL. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? undefined]));
  const log = useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () => api.get<AuditList>(`${API.admin.audit}${toQueryString({ ...filters, page })}`),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const { columns } = TEXTS;
  const field = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3';

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <p className="mt-1 text-stone-600">{TEXTS.intro}</p>
      <form
        aria-label={TEXTS.filters}
        onSubmit={apply}
        key={params.toString()}
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5"
      >
        <label className="text-sm">
          {TEXTS.entity}
          <input name="entity" defaultValue={filters.entity} className={field} />
        </label>
        <label className="text-sm">
          {TEXTS.entityId}
          <input name="entityId" defaultValue={filters.entityId} className={field} />
        </label>
        <input type="hidden" name="actor" defaultValue={filters.actor} />
        <label className="text-sm">
          {TEXTS.from}
          <input type="date" name="from" defaultValue={filters.from} className={field} />
        </label>
        <label className="text-sm">
          {TEXTS.to}
          <input type="date" name="to" defaultValue={filters.to} className={field} />
        </label>
        <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
          <button type="submit" className="btn-primary">
            {TEXTS.apply}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setParams({})}>
            {TEXTS.clear}
          </button>
        </div>
      </form>
      <ListState query={log} isEmpty={(data) => data.entries.length === 0} empty={TEXTS.empty}>
        {(data) => (
          <>
            <table className="admin-table mt-4">
              <thead>
                <tr>
                  <th scope="col">{columns.at}</th>
                  <th scope="col">{columns.actor}</th>
                  <th scope="col">{columns.action}</th>
                  <th scope="col">{columns.record}</th>
                  <th scope="col">{columns.change}</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry._id}>
                    <td data-label={columns.at}>{formatDateTime(entry.at)}</td>
                    <td data-label={columns.actor} className="break-all">
                      <button
                        type="button"
                        className="text-link text-left"
                        onClick={() => setParams({ actor: entry.actor._id })}
                      >
                        {entry.actor.email}
                      </button>{' '}
                      <span className="text-stone-500">({entry.actor.role})</span>
                    </td>
                    <td data-label={columns.action}>{entry.action}</td>
                    <td data-label={columns.record} className="break-all">
                      {entry.entity} {entry.entityId}
                    </td>
                    <td data-label={columns.change}>
                      <Change entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <UrlPager label={TEXTS.pager} page={data.page} pages={data.pages} />
          </>
        )}
      </ListState>
    </section>
  );
}
