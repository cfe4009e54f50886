import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import type { AdminCustomers } from '../../../common/schemas/admin';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { StaffTable } from '../components/staff-table';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDate } from '../lib/format';

const TEXTS = {
  title: 'Customers',
  columns: { name: 'Name', email: 'Email', phone: 'Mobile', joined: 'Joined', state: 'Account' },
  closed: 'Closed',
  blocked: 'Blocked',
  open: 'Open',
  search: 'Name, email or phone',
  searchButton: 'Search',
  noPhone: '—',
  pager: 'Customer pages',
  empty: 'No customers yet.',
  noMatch: 'No customer matches this search.',
} as const;

/** Every customer account, oldest first, closed and blocked ones marked; searched on the server. */
export default function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const q = params.get('q') ?? undefined;
  const customers = useQuery({
    queryKey: ['admin', 'customers', q, page],
    queryFn: () => api.get<AdminCustomers>(`${API.admin.customers}${toQueryString({ q, page })}`),
    placeholderData: keepPreviousData,
  });
  const { columns } = TEXTS;
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          setParams(text ? { q: text } : {});
        }}
      >
        <label className="min-w-0 flex-1 basis-56 text-sm">
          <span className="text-stone-700">{TEXTS.search}</span>
          <input
            key={q ?? ''}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3"
          />
        </label>
        <button type="submit" className="btn-primary min-h-11">
          {TEXTS.searchButton}
        </button>
      </form>
      <ListState
        query={customers}
        isEmpty={(data) => data.customers.length === 0}
        empty={q ? TEXTS.noMatch : TEXTS.empty}
      >
        {(data) => (
          <>
            <StaffTable
              columns={[
                {
                  label: columns.name,
                  className: 'font-medium',
                  cell: (customer) => (
                    <Link to={`/customers/${customer._id}`} className="text-link">
                      {customer.name}
                    </Link>
                  ),
                },
                {
                  label: columns.email,
                  className: 'break-all',
                  cell: (customer) => customer.email,
                },
                {
                  label: columns.phone,
                  cell: (customer) => customer.phone ?? TEXTS.noPhone,
                },
                {
                  label: columns.joined,
                  cell: (customer) => formatDate(customer.createdAt),
                },
                {
                  label: columns.state,
                  cell: (customer) =>
                    customer.closed ? TEXTS.closed : customer.blocked ? TEXTS.blocked : TEXTS.open,
                },
              ]}
              rows={data.customers}
              rowKey={(customer) => customer._id}
            />
            <UrlPager label={TEXTS.pager} page={data.page} pages={data.pages} />
          </>
        )}
      </ListState>
    </section>
  );
}
