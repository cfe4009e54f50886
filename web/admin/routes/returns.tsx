import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import type { AdminReturns } from '../../../common/schemas/admin-orders';
import { RETURN_STATUSES, type ReturnStatus } from '../../../common/schemas/order';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { StatusTabs } from '../components/status-tabs';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDate, formatDateTime } from '../lib/format';

const TEXTS = {
  title: 'Returns',
  tabs: {
    Requested: 'To decide',
    Approved: 'To receive and refund',
    Rejected: 'Rejected',
    Returned: 'Done',
  } satisfies Record<ReturnStatus, string>,
  columns: {
    order: 'Order',
    customer: 'Customer',
    reason: 'Reason',
    items: 'Items',
    requested: 'Requested',
    due: 'Refund due',
  },
  overdue: 'Overdue',
  notDue: '—',
  pager: 'Return pages',
  empty: 'No returns here.',
} as const;

function statusOf(value: string | null): ReturnStatus {
  return RETURN_STATUSES.find((status) => status === value) ?? 'Requested';
}

/**
 * The returns queue, the longest waiting first. An approved return shows when its refund is due
 * (SPEC.md §9: within 5 business days of approval), and stands out once overdue.
 */
export default function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageOf(params);
  const returns = useQuery({
    queryKey: ['admin', 'returns', status, page],
    queryFn: () => api.get<AdminReturns>(`${API.admin.returns}${toQueryString({ status, page })}`),
    placeholderData: keepPreviousData,
  });
  const { columns } = TEXTS;
  return (
    <section aria-labelledby="returns-title">
      <h1 id="returns-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <StatusTabs
        label={TEXTS.title}
        statuses={RETURN_STATUSES}
        current={status}
        names={TEXTS.tabs}
        onSelect={(next) => setParams({ status: next })}
      />
      <ListState query={returns} isEmpty={(data) => data.returns.length === 0} empty={TEXTS.empty}>
        {(data) => (
          <>
            <table className="admin-table mt-4">
              <thead>
                <tr>
                  <th scope="col">{columns.order}</th>
                  <th scope="col">{columns.customer}</th>
                  <th scope="col">{columns.reason}</th>
                  <th scope="col">{columns.items}</th>
                  <th scope="col">{columns.requested}</th>
                  <th scope="col">{columns.due}</th>
                </tr>
              </thead>
              <tbody>
                {data.returns.map((row) => (
                  <tr key={row._id}>
                    <td data-label={columns.order} className="font-medium">
                      <Link to={`/orders/${row.orderId}`} className="text-link">
                        {row.orderNumber}
                      </Link>
                    </td>
                    <td data-label={columns.customer} className="break-words">
                      {row.customer.name}
                    </td>
                    <td data-label={columns.reason} className="break-words">
                      {row.reason}
                    </td>
                    <td data-label={columns.items}>{row.items}</td>
                    <td data-label={columns.requested}>{formatDate(row.requestedAt)}</td>
                    <td data-label={columns.due}>
                      {row.refundDueBy ? (
                        <span className={row.overdue ? 'font-semibold text-red-700' : ''}>
                          {formatDateTime(row.refundDueBy)}
                          {row.overdue && ` · ${TEXTS.overdue}`}
                        </span>
                      ) : (
                        TEXTS.notDue
                      )}
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
