import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { formatInr } from '../../../common/money';
import { DASHBOARD_RANGES, type Dashboard, type DashboardRange } from '../../../common/schemas/admin-staff';
import { api, toQueryString } from '../../lib/api-client';
import { ListState } from '../components/list-state';
import { SalesChart } from '../components/sales-chart';

const TEXTS = {
  title: 'Dashboard',
  ranges: { today: 'Today', '7d': '7 days', '30d': '30 days' } satisfies Record<DashboardRange, string>,
  figures: {
    revenue: 'Revenue',
    orders: 'Orders',
    averageOrderValue: 'Average order',
    unitsSold: 'Units sold',
    visitors: 'Visitors',
  },
  revenueNote: 'Paid online orders and delivered cash-on-delivery orders, less refunds.',
  todo: 'To do',
  toShip: (n: number) => `${n} to ship`,
  returnsWaiting: (n: number) => `${n} returns waiting`,
  reviewsWaiting: (n: number) => `${n} reviews waiting`,
  chart: 'Revenue per day',
  topProducts: 'Best sellers',
  units: (n: number) => `${n} sold`,
  lowStock: 'Running low',
  left: (n: number) => (n === 0 ? 'Sold out' : `${n} left`),
  topSearches: 'Top searches',
  noResults: 'Searches that found nothing',
  searches: (n: number) => `${n}×`,
  none: 'None.',
} as const;

function rangeOf(value: string | null): DashboardRange {
  return DASHBOARD_RANGES.find((range) => range === value) ?? '7d';
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="surface-card min-w-0 p-4">
      <h2 className="font-semibold text-stone-800">{title}</h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

interface RankedRow {
  key: string;
  label: string;
  figure: string;
}

const searchRow = (search: { term: string; searches: number }): RankedRow => ({
  key: search.term,
  label: search.term,
  figure: TEXTS.searches(search.searches),
});

/** A short ranked list, each name with its figure (in red where it asks for action), or "None." */
function RankedList({ rows, warn = false }: { rows: RankedRow[]; warn?: boolean }) {
  if (rows.length === 0) return <p>{TEXTS.none}</p>;
  return (
    <ol className="space-y-1">
      {rows.map((row) => (
        <li key={row.key} className="flex justify-between gap-3">
          <span className="min-w-0 truncate">{row.label}</span>
          <span className={`shrink-0 ${warn ? 'font-medium text-red-800' : 'text-stone-600'}`}>
            {row.figure}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** How the shop is doing: sales figures and a chart for the range, what waits for staff, stock running low. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('range'));
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard', range],
    queryFn: () => api.get<Dashboard>(`${API.admin.dashboard}${toQueryString({ range })}`),
    placeholderData: keepPreviousData,
    // New orders show without a reload.
    refetchInterval: 30_000,
  });

  return (
    <section aria-labelledby="dashboard-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="dashboard-title" className="font-display text-2xl text-brand-800">
          {TEXTS.title}
        </h1>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Range</legend>
          {DASHBOARD_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === range}
              onClick={() => setParams({ range: option })}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                option === range ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white'
              }`}
            >
              {TEXTS.ranges[option]}
            </button>
          ))}
        </fieldset>
      </div>
      <ListState query={dashboard} isEmpty={() => false}>
        {(data) => (
          <div className="mt-4 space-y-4">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {(
                [
                  ['revenue', formatInr(data.revenue)],
                  ['orders', String(data.orders)],
                  ['averageOrderValue', formatInr(data.averageOrderValue)],
                  ['unitsSold', String(data.unitsSold)],
                  ['visitors', String(data.visitors)],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="surface-card p-3">
                  <dt className="text-xs text-stone-600">{TEXTS.figures[key]}</dt>
                  <dd className="mt-1 text-lg font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-stone-600">{TEXTS.revenueNote}</p>
            <Panel title={TEXTS.todo}>
              <ul className="flex flex-wrap gap-2">
                <li className="rounded-full border border-stone-300 bg-white px-4 py-2">
                  {TEXTS.toShip(data.toShip)}
                </li>
                <li className="rounded-full border border-stone-300 bg-white px-4 py-2">
                  {TEXTS.returnsWaiting(data.returnsWaiting)}
                </li>
                <li>
                  <Link className="btn-secondary" to="/reviews?status=pending">
                    {TEXTS.reviewsWaiting(data.reviewsWaiting)}
                  </Link>
                </li>
              </ul>
            </Panel>
            <Panel title={TEXTS.chart}>
              <SalesChart series={data.series} label={TEXTS.chart} />
            </Panel>
            <div className="grid gap-4 md:grid-cols-2">
              <Panel title={TEXTS.topProducts}>
                <RankedList
                  rows={data.topProducts.map((product) => ({
                    key: product.productId,
                    label: product.name,
                    figure: `${TEXTS.units(product.unitsSold)} · ${formatInr(product.revenue)}`,
                  }))}
                />
              </Panel>
              <Panel title={TEXTS.lowStock}>
                <RankedList
                  warn
                  rows={data.lowStock.map((variant) => ({
                    key: variant.sku,
                    label: `${variant.name} · ${variant.color} / ${variant.size}`,
                    figure: TEXTS.left(variant.countInStock),
                  }))}
                />
              </Panel>
              <Panel title={TEXTS.topSearches}>
                <RankedList rows={data.topSearches.map(searchRow)} />
              </Panel>
              <Panel title={TEXTS.noResults}>
                <RankedList rows={data.searchesWithNoResults.map(searchRow)} />
              </Panel>
            </div>
          </div>
        )}
      </ListState>
    </section>
  );
}
