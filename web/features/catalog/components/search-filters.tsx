import { type FormEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FacetValue, SearchFacets } from '../../../../common/schemas/catalog';
import { FACET_KEYS, type FacetKey, type SearchParams, withChanges } from '../lib/search-params';
import { CATALOG_TEXT, FACET_LABELS } from '../texts';

interface SearchFiltersProps {
  params: SearchParams;
  /** The URL's current query, which every filter link changes one key of. */
  search: URLSearchParams;
  facets: SearchFacets | undefined;
}

/** The facet lists (each value with its count) and the price range; every choice is a URL change. */
export function SearchFilters({ params, search, facets }: SearchFiltersProps) {
  return (
    <div className="space-y-6">
      {FACET_KEYS.map((key) => {
        const values = facets?.[key] ?? [];
        const selected = params[key];
        // Keep a chosen value visible even when the other filters leave it no products.
        const shown: FacetValue[] =
          selected && !values.some((v) => v.value === selected)
            ? [{ value: selected, count: 0 }, ...values]
            : values;
        if (shown.length === 0) return null;
        return <FacetGroup key={key} facet={key} values={shown} selected={selected} search={search} />;
      })}
      <PriceRange params={params} search={search} bounds={facets?.price} />
    </div>
  );
}

function FacetGroup({
  facet,
  values,
  selected,
  search,
}: {
  facet: FacetKey;
  values: FacetValue[];
  selected: string | undefined;
  search: URLSearchParams;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {FACET_LABELS[facet]}
      </h3>
      <ul className="max-h-64 space-y-0.5 overflow-y-auto pr-1">
        {values.map(({ value, count }) => {
          const isSelected = value === selected;
          return (
            <li key={value}>
              <Link
                to={{ search: `?${withChanges(search, { [facet]: isSelected ? null : value })}` }}
                preventScrollReset
                aria-current={isSelected ? 'true' : undefined}
                aria-label={CATALOG_TEXT.facetOption(value, count)}
                className={`flex min-h-10 items-center justify-between gap-2 rounded-lg px-2 text-sm ${
                  isSelected ? 'bg-brand-700 font-semibold text-white' : 'text-stone-800 hover:bg-brand-50'
                }`}
              >
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className={`flex size-4 items-center justify-center rounded border text-[10px] ${
                      isSelected ? 'border-white bg-white text-brand-700' : 'border-stone-400'
                    }`}
                  >
                    {isSelected ? '✓' : ''}
                  </span>
                  {value}
                </span>
                <span className={isSelected ? 'text-brand-100' : 'text-stone-600'}>{count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PriceRange({
  params,
  search,
  bounds,
}: {
  params: SearchParams;
  search: URLSearchParams;
  bounds: SearchFacets['price'] | undefined;
}) {
  const navigate = useNavigate();
  const headingId = useId();
  const minId = useId();
  const maxId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const text = String(data.get(name) ?? '').trim();
      const n = Number(text);
      return text && Number.isFinite(n) && n >= 0 ? String(Math.floor(n)) : null;
    };
    let min = read('minPrice');
    let max = read('maxPrice');
    if (min !== null && max !== null && Number(min) > Number(max)) [min, max] = [max, min];
    navigate(
      { search: `?${withChanges(search, { minPrice: min, maxPrice: max })}` },
      { preventScrollReset: true },
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {CATALOG_TEXT.price}
      </h3>
      {/* Keyed by the URL's values so the inputs follow back/forward navigation. */}
      <form
        key={`${params.minPrice}-${params.maxPrice}`}
        onSubmit={onSubmit}
        className="flex items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={minId} className="block text-xs text-stone-700">
            {CATALOG_TEXT.minPrice}
          </label>
          <input
            id={minId}
            name="minPrice"
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={params.minPrice ?? ''}
            placeholder={bounds ? String(Math.floor(bounds.min)) : undefined}
            className="mt-1 h-10 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
          />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={maxId} className="block text-xs text-stone-700">
            {CATALOG_TEXT.maxPrice}
          </label>
          <input
            id={maxId}
            name="maxPrice"
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={params.maxPrice ?? ''}
            placeholder={bounds ? String(Math.ceil(bounds.max)) : undefined}
            className="mt-1 h-10 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
          />
        </div>
        <button
          type="submit"
          className="h-10 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {CATALOG_TEXT.applyPrice}
        </button>
      </form>
    </section>
  );
}
