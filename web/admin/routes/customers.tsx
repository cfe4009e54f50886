import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import type { AdminCustomers } from '../../../common/schemas/admin';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDate } from '../lib/format';

const TEXTS = {
  title: 'Customers',
  columns: { name: 'Name', email: 'Email', phone: 'Mobile', joined: 'Joined', state: 'Account' },
  closed: 'Closed',
  open: 'Open',
  noPhone: '—',
  pager: 'Customer pages',
  empty: 'No customers yet.',
} as const;

/** Every customer account, oldest first, closed ones marked. */
export default function CustomersPage() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const customers = useQuery({
    queryKey: ['admin', 'customers', page],
    queryFn: () => api.get<AdminCustomers>(`${API.admin.customers}${toQueryString({ page })}`),
    placeholderData: keepPreviousData,
  });
  const { columns } = TEXTS;
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <ListState query={customers} isEmpty={(data) => data.customers.length === 0} empty={TEXTS.empty}>
        {(data) => (
          <>
            <table className="admin-table mt-4">
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.email}</th>
                  <th scope="col">{columns.phone}</th>
                  <th scope="col">{columns.joined}</th>
                  <th scope="col">{columns.state}</th>
                </tr>
              </thead>
              <tbody>
                {data.customers.map((customer) => (
                  <tr key={customer._id}>
                    <td data-label={columns.name} className="font-medium">
                      {customer.name}
                    </td>
                    <td data-label={columns.email} className="break-all">
                      {customer.email}
                    </td>
                    <td data-label={columns.phone}>{customer.phone ?? TEXTS.noPhone}</td>
                    <td data-label={columns.joined}>{formatDate(customer.createdAt)}</td>
                    <td data-label={columns.state}>{customer.closed ? TEXTS.closed : TEXTS.open}</td>
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
