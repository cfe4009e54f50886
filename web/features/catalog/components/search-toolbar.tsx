import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProductSort } from '../../../../common/schemas/catalog';
import { type ActiveFilter, withChanges, withoutFilter } from '../lib/search-params';
import { CATALOG_TEXT, SORT_LABELS } from '../texts';

/** The sort picker; choosing one changes the URL's `sort`. Compact, it fills its place and names itself. */
export function SortSelect({
  search,
  value,
  options,
  compact = false,
}: {
  search: URLSearchParams;
  value: ProductSort;
  options: ProductSort[];
  compact?: boolean;
}) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm whitespace-nowrap text-stone-700'}>
        {CATALOG_TEXT.sortBy}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) =>
          navigate(
            { search: `?${withChanges(search, { sort: event.target.value })}` },
            { preventScrollReset: true },
          )
        }
        className={`h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm ${compact ? 'w-full' : ''}`}
      >
        {options.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters in effect as removable chips, and a way to clear them all. */
export function ActiveFilterChips({
  search,
  filters,
  clearTo,
}: {
  search: URLSearchParams;
  filters: ActiveFilter[];
  clearTo: string;
}) {
  if (filters.length === 0) return null;
  return (
    // One line on a phone, scrolled sideways, so the listing starts high on the screen.
    <ul className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 whitespace-nowrap sm:mx-0 sm:flex-wrap sm:px-0 sm:pb-0">
      {filters.map((filter) => (
        <li key={`${filter.key}=${filter.value}`} className="shrink-0">
          <Link
            to={{ search: `?${withoutFilter(search, filter)}` }}
            preventScrollReset
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-200 bg-white px-3 text-sm text-stone-800 hover:border-brand-500"
          >
            <span>{filter.label}</span>
            <span aria-hidden="true" className="text-brand-700">
              ×
            </span>
            <span className="sr-only">{CATALOG_TEXT.removeFilter(filter.label)}</span>
          </Link>
        </li>
      ))}
      <li className="shrink-0">
        <Link to={clearTo} className="text-link text-sm">
          {CATALOG_TEXT.clearAllFilters}
        </Link>
      </li>
    </ul>
  );
}
