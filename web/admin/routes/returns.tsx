import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import type { AdminReturns } from '../../../common/schemas/admin-orders';
import { RETURN_STATUSES, type ReturnStatus } from '../../../common/schemas/order';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { StaffTable } from '../components/staff-table';
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
            <StaffTable
              columns={[
                {
                  label: columns.order,
                  className: 'font-medium',
                  cell: (row) => (
                    <Link to={`/orders/${row.orderId}`} className="text-link">
                      {row.orderNumber}
                    </Link>
                  ),
                },
                {
                  label: columns.customer,
                  className: 'break-words',
                  cell: (row) => row.customer.name,
                },
                {
                  label: columns.reason,
                  className: 'break-words',
                  cell: (row) => row.reason,
                },
                {
                  label: columns.items,
                  cell: (row) => row.items,
                },
                {
                  label: columns.requested,
                  cell: (row) => formatDate(row.requestedAt),
                },
                {
                  label: columns.due,
                  cell: (row) =>
                    row.refundDueBy ? (
                      <span className={row.overdue ? 'font-semibold text-red-700' : ''}>
                        {formatDateTime(row.refundDueBy)}
                        {row.overdue && ` · ${TEXTS.overdue}`}
                      </span>
                    ) : (
                      TEXTS.notDue
                    ),
                },
              ]}
              rows={data.returns}
              rowKey={(row) => row._id}
            />
            <UrlPager label={TEXTS.pager} page={data.page} pages={data.pages} />
          </>
        )}
      </ListState>
    </section>
  );
}
