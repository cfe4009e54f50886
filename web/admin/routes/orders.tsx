import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { formatInr } from '../../../common/money';
import type { AdminOrders } from '../../../common/schemas/admin-orders';
import { DELIVERY_STATUSES, type DeliveryStatus, PAYMENT_MODES } from '../../../common/schemas/order';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { StaffTable } from '../components/staff-table';
import { StatusBadge } from '../components/status-badge';
import { pageOf, UrlPager } from '../components/url-pager';
import { formatDateTime } from '../lib/format';

const TEXTS = {
  title: 'Orders',
  all: 'All',
  statuses: 'Delivery status',
  search: 'Order number, email or phone',
  searchButton: 'Search',
  mode: 'Payment',
  anyMode: 'Any payment',
  modes: { COD: 'Cash on delivery', ONLINE: 'Online' },
  from: 'From',
  to: 'Until',
  clear: 'Clear filters',
  columns: {
    order: 'Order',
    placed: 'Placed',
    customer: 'Customer',
    items: 'Items',
    total: 'Total',
    payment: 'Payment',
    status: 'Status',
  },
  pager: 'Order pages',
  empty: 'No orders match these filters.',
} as const;

/** The staff list refreshes itself this often, so a new order shows up without a reload. */
export const ORDERS_POLL_MS = 15_000;

/** The filters a link carries, read from the URL (unknown values are left out). */
function filtersOf(params: URLSearchParams) {
  const status = DELIVERY_STATUSES.find((value) => value === params.get('status'));
  const paymentMode = PAYMENT_MODES.find((value) => value === params.get('paymentMode'));
  return {
    status,
    paymentMode,
    q: params.get('q') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
}

/** Every order, newest first, filtered and searched on the server; the filters live in the URL. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageOf(params);
  const orders = useQuery({
    queryKey: ['admin', 'orders', filters, page],
    queryFn: () => api.get<AdminOrders>(`${API.admin.orders}${toQueryString({ ...filters, page })}`),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_POLL_MS,
  });
  /** Sets one filter (or clears it) and goes back to the first page. */
  const filter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const chip = (status: DeliveryStatus | undefined, label: string) => (
    <button
      key={label}
      type="button"
      aria-pressed={filters.status === status}
      className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium ${
        filters.status === status
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-stone-300 bg-white text-stone-700'
      }`}
      onClick={() => filter('status', status)}
    >
      {label}
    </button>
  );
  const { columns } = TEXTS;
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="font-display text-2xl text-brand-800">
        {TEXTS.title}
      </h1>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          filter('q', String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined);
        }}
      >
        <label className="min-w-0 flex-1 basis-56 text-sm">
          <span className="text-stone-700">{TEXTS.search}</span>
          <input
            key={filters.q ?? ''}
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3"
          />
        </label>
        <button type="submit" className="btn-primary min-h-11">
          {TEXTS.searchButton}
        </button>
        <label className="text-sm">
          <span className="text-stone-700">{TEXTS.mode}</span>
          <select
            value={filters.paymentMode ?? ''}
            onChange={(event) => filter('paymentMode', event.target.value || undefined)}
            className="mt-1 block min-h-11 rounded-lg border border-stone-300 px-2"
          >
            <option value="">{TEXTS.anyMode}</option>
            {PAYMENT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {TEXTS.modes[mode]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="text-stone-700">{TEXTS.from}</span>
          <input
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => filter('from', event.target.value || undefined)}
            className="mt-1 block min-h-11 rounded-lg border border-stone-300 px-2"
          />
        </label>
        <label className="text-sm">
          <span className="text-stone-700">{TEXTS.to}</span>
          <input
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => filter('to', event.target.value || undefined)}
            className="mt-1 block min-h-11 rounded-lg border border-stone-300 px-2"
          />
        </label>
        {params.toString() && (
          <button type="button" className="text-link min-h-11 text-sm" onClick={() => setParams({})}>
            {TEXTS.clear}
          </button>
        )}
      </form>
      <fieldset className="mt-3 flex min-w-0 gap-2 overflow-x-auto pb-1">
        <legend className="sr-only">{TEXTS.statuses}</legend>
        {chip(undefined, TEXTS.all)}
        {DELIVERY_STATUSES.map((status) => chip(status, status))}
      </fieldset>
      <ListState query={orders} isEmpty={(data) => data.orders.length === 0} empty={TEXTS.empty}>
        {(data) => (
          <>
            <StaffTable
              columns={[
                {
                  label: columns.order,
                  className: 'whitespace-nowrap font-medium',
                  cell: (order) => (
                    <Link to={`/orders/${order._id}`} className="text-link">
                      {order.orderNumber}
                    </Link>
                  ),
                },
                {
                  label: columns.placed,
                  cell: (order) => formatDateTime(order.orderTimestamp),
                },
                {
                  label: columns.customer,
                  className: 'min-w-0 break-words',
                  cell: (order) => (
                    <>
                      {order.customer.name}
                      <span className="block break-all text-xs text-stone-500">{order.customer.email}</span>
                    </>
                  ),
                },
                {
                  label: columns.items,
                  cell: (order) => order.items,
                },
                {
                  label: columns.total,
                  cell: (order) => formatInr(order.totalPrice),
                },
                {
                  label: columns.payment,
                  cell: (order) => `${order.paymentMode} · ${order.paymentStatus}`,
                },
                {
                  label: columns.status,
                  cell: (order) => <StatusBadge status={order.deliveryStatus} />,
                },
              ]}
              rows={data.orders}
              rowKey={(order) => order._id}
            />
            <UrlPager label={TEXTS.pager} page={data.page} pages={data.pages} />
          </>
        )}
      </ListState>
    </section>
  );
}
