import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { API } from '../../../common/api-paths';
import { productImageUrl } from '../../../common/images';
import { formatInr } from '../../../common/money';
import {
  type AdminProducts,
  type BulkAction,
  type BulkResult,
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from '../../../common/schemas/admin-products';
import { toast } from '../../components/ui/toast';
import { api, HttpError, toQueryString } from '../../lib/api-client';
import { type Confirmation, ConfirmDialog } from '../components/confirm-dialog';
import { ListState } from '../components/list-state';
import { pageOf, UrlPager } from '../components/url-pager';
import { categoryNames, useCategories } from '../lib/categories';
import { useCan } from '../lib/staff';

export const TEXTS = {
  title: 'Products',
  add: 'Add a product',
  importExport: 'Import / Export',
  search: 'Search name, brand or SKU',
  searchButton: 'Search',
  filters: { status: 'Status', category: 'Category', stock: 'Stock' },
  any: 'Any',
  statuses: { draft: 'Draft', active: 'Active', archived: 'Archived' } satisfies Record<
    ProductStatus,
    string
  >,
  stock: { low: 'Running low', out: 'Sold out' },
  columns: {
    select: 'Select',
    name: 'Product',
    category: 'Category',
    price: 'Price',
    stock: 'Stock',
    status: 'Status',
  },
  selectAll: 'Select every product on this page',
  selectOne: (name: string) => `Select ${name}`,
  units: (units: number, variants: number) =>
    `${units} units in ${variants} variant${variants === 1 ? '' : 's'}`,
  low: (variants: number) => `${variants} running low`,
  selected: (n: number) => `${n} selected`,
  bulk: { activate: 'Activate', draft: 'Make draft', archive: 'Archive', price: 'Change price' },
  percent: 'Price change in %',
  percentHint: '-10 takes 10 % off; prices are rounded to whole rupees and never pass the MRP.',
  confirm: {
    activate: (n: number) => ({
      title: `Activate ${n} product${n === 1 ? '' : 's'}?`,
      body: 'They go on sale in the shop at once.',
      action: 'Activate',
    }),
    draft: (n: number) => ({
      title: `Make ${n} product${n === 1 ? '' : 's'} draft?`,
      body: 'They leave the shop until they are activated again.',
      action: 'Make draft',
    }),
    archive: (n: number) => ({
      title: `Archive ${n} product${n === 1 ? '' : 's'}?`,
      body: 'They leave the shop; their orders, reviews and history stay.',
      action: 'Archive',
    }),
    price: (n: number, percent: number) => ({
      title: `Change the price of ${n} product${n === 1 ? '' : 's'}?`,
      body: `Every selected price ${percent < 0 ? 'drops' : 'rises'} by ${Math.abs(percent)} %, rounded to whole rupees, never above the MRP. The shop shows the new prices at once.`,
      action: 'Change prices',
    }),
  },
  done: (n: number) => `${n} product${n === 1 ? '' : 's'} changed.`,
  pager: 'Product pages',
  empty: 'No product matches these filters.',
} as const;

const STOCK_FILTERS = ['low', 'out'] as const;

/** The URL's filters, each only when it holds a value the server takes. */
function filtersOf(params: URLSearchParams) {
  const status = PRODUCT_STATUSES.find((s) => s === params.get('status'));
  const stock = STOCK_FILTERS.find((s) => s === params.get('stock'));
  return {
    q: params.get('q') ?? '',
    status,
    category: params.get('category') ?? '',
    stock,
    page: pageOf(params),
  };
}

const selectClass = 'min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-sm';

/**
 * The product table: search and filters live in the URL (a link opens the same view), the server
 * pages it, and staff who may write select rows for a bulk status or price change.
 */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const canWrite = useCan('catalog:write');
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [percent, setPercent] = useState('');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const products = useQuery({
    queryKey: ['admin', 'products', filters],
    queryFn: () =>
      api.get<AdminProducts>(
        `${API.admin.products}${toQueryString({
          q: filters.q || undefined,
          status: filters.status,
          category: filters.category || undefined,
          stock: filters.stock,
          page: filters.page,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

  const bulk = useMutation({
    mutationFn: (body: { ids: string[]; action: BulkAction; percent?: number }) =>
      api.post<BulkResult>(API.admin.productsBulk, body),
    onSuccess: ({ updated }) => {
      toast.success(TEXTS.done(updated));
      setSelected(new Set());
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
    onError: (error) => toast.error(error instanceof HttpError ? error.message : String(error)),
  });

  /** Sets one filter in the URL and goes back to the first page, keeping the others. */
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
    setSelected(new Set());
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  const ask = (action: BulkAction) => {
    const ids = [...selected];
    const change = Number(percent);
    if (action === 'price') {
      setConfirmation({
        ...TEXTS.confirm.price(ids.length, change),
        run: () => bulk.mutate({ ids, action, percent: change }),
      });
      return;
    }
    setConfirmation({ ...TEXTS.confirm[action](ids.length), run: () => bulk.mutate({ ids, action }) });
  };

  const percentValue = Number(percent);
  const percentValid =
    percent.trim() !== '' &&
    Number.isFinite(percentValue) &&
    percentValue !== 0 &&
    percentValue >= PRODUCT_LIMITS.percentMin &&
    percentValue <= PRODUCT_LIMITS.percentMax;

  return (
    <section aria-labelledby="products-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="products-title" className="font-display text-2xl text-brand-800">
          {TEXTS.title}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/products/import" className="btn-secondary">
            {TEXTS.importExport}
          </Link>
          {canWrite && (
            <Link to="/products/new" className="btn-primary">
              {TEXTS.add}
            </Link>
          )}
        </div>
      </div>

      <search className="mt-4 block">
        <form onSubmit={onSearch} className="flex gap-2" key={filters.q}>
          <label className="min-w-0 flex-1">
            <span className="sr-only">{TEXTS.search}</span>
            <input
              name="q"
              type="search"
              defaultValue={filters.q}
              placeholder={TEXTS.search}
              className="block min-h-11 w-full rounded-lg border border-stone-300 px-3"
            />
          </label>
          <button type="submit" className="btn-secondary">
            {TEXTS.searchButton}
          </button>
        </form>
      </search>
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <label className="flex flex-col text-sm">
          <span className="text-stone-700">{TEXTS.filters.status}</span>
          <select
            className={selectClass}
            value={filters.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">{TEXTS.any}</option>
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TEXTS.statuses[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="text-stone-700">{TEXTS.filters.category}</span>
          <select
            className={selectClass}
            value={filters.category}
            onChange={(event) => setFilter('category', event.target.value)}
          >
            <option value="">{TEXTS.any}</option>
            {/* A category typed into the URL stays selectable even if the tree does not list it. */}
            {[...new Set([...categoryNames(categories.data?.tree), filters.category].filter(Boolean))].map(
              (name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ),
            )}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="text-stone-700">{TEXTS.filters.stock}</span>
          <select
            className={selectClass}
            value={filters.stock ?? ''}
            onChange={(event) => setFilter('stock', event.target.value)}
          >
            <option value="">{TEXTS.any}</option>
            {STOCK_FILTERS.map((stock) => (
              <option key={stock} value={stock}>
                {TEXTS.stock[stock]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {canWrite && selected.size > 0 && (
        <section
          aria-label={TEXTS.selected(selected.size)}
          className="surface-card mt-4 flex flex-wrap items-end gap-2 p-3"
        >
          <p className="w-full text-sm font-medium">{TEXTS.selected(selected.size)}</p>
          {(['activate', 'draft', 'archive'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className="btn-secondary"
              disabled={bulk.isPending}
              onClick={() => ask(action)}
            >
              {TEXTS.bulk[action]}
            </button>
          ))}
          <label className="flex flex-col text-sm">
            <span className="text-stone-700">{TEXTS.percent}</span>
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min={PRODUCT_LIMITS.percentMin}
              max={PRODUCT_LIMITS.percentMax}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              aria-describedby="percent-hint"
              className="min-h-11 w-28 rounded-lg border border-stone-300 px-3"
            />
          </label>
          <button
            type="button"
            className="btn-secondary"
            disabled={bulk.isPending || !percentValid}
            onClick={() => ask('price')}
          >
            {TEXTS.bulk.price}
          </button>
          <p id="percent-hint" className="w-full text-xs text-stone-600">
            {TEXTS.percentHint}
          </p>
        </section>
      )}

      <ListState query={products} isEmpty={(data) => data.products.length === 0} empty={TEXTS.empty}>
        {(data) => {
          const pageIds = data.products.map((product) => product._id);
          const allSelected = pageIds.every((id) => selected.has(id));
          const toggle = (id: string) =>
            setSelected((current) => {
              const next = new Set(current);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            });
          return (
            <>
              <table className="admin-table mt-4">
                <thead>
                  <tr>
                    {canWrite && (
                      <th scope="col">
                        <input
                          type="checkbox"
                          aria-label={TEXTS.selectAll}
                          checked={allSelected}
                          onChange={() => setSelected(allSelected ? new Set() : new Set(pageIds))}
                          className="size-5"
                        />
                      </th>
                    )}
                    <th scope="col">{TEXTS.columns.name}</th>
                    <th scope="col">{TEXTS.columns.category}</th>
                    <th scope="col">{TEXTS.columns.price}</th>
                    <th scope="col">{TEXTS.columns.stock}</th>
                    <th scope="col">{TEXTS.columns.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.products.map((product) => (
                    <tr key={product._id}>
                      {canWrite && (
                        <td data-label={TEXTS.columns.select}>
                          <input
                            type="checkbox"
                            aria-label={TEXTS.selectOne(product.name)}
                            checked={selected.has(product._id)}
                            onChange={() => toggle(product._id)}
                            className="size-5"
                          />
                        </td>
                      )}
                      <td data-label={TEXTS.columns.name}>
                        <Link
                          to={`/products/${product._id}`}
                          className="flex min-w-0 items-center gap-2 text-left font-medium text-brand-800 underline-offset-2 hover:underline"
                        >
                          {product.image && (
                            <img
                              src={productImageUrl(product.image, 'sm')}
                              alt=""
                              width={40}
                              height={50}
                              className="h-12 w-10 shrink-0 rounded object-cover"
                            />
                          )}
                          <span className="min-w-0 break-words">
                            {product.name}
                            <span className="block text-xs font-normal text-stone-600">{product.brand}</span>
                          </span>
                        </Link>
                      </td>
                      <td data-label={TEXTS.columns.category}>
                        {product.gender} › {product.category} › {product.subCategory} › {product.type}
                      </td>
                      <td data-label={TEXTS.columns.price}>
                        {/* One child, so a phone's card keeps the MRP under the price, not across the row. */}
                        <span className="whitespace-nowrap">
                          {formatInr(product.price)}
                          {product.mrp > product.price && (
                            <span className="block text-xs text-stone-500 line-through">
                              {formatInr(product.mrp)}
                            </span>
                          )}
                        </span>
                      </td>
                      <td data-label={TEXTS.columns.stock}>
                        <span>
                          {TEXTS.units(product.countInStock, product.variantCount)}
                          {product.lowStockVariants > 0 && (
                            <span className="block text-xs font-medium text-amber-800">
                              {TEXTS.low(product.lowStockVariants)}
                            </span>
                          )}
                        </span>
                      </td>
                      <td data-label={TEXTS.columns.status}>{TEXTS.statuses[product.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <UrlPager label={TEXTS.pager} page={data.page} pages={data.pages} />
            </>
          );
        }}
      </ListState>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
