import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FacetValue, SearchFacets } from '../../../../common/schemas/catalog';
import {
  FACET_KEYS,
  type FacetKey,
  type SearchParams,
  selectedValues,
  withChanges,
  withToggled,
} from '../lib/search-params';
import { CATALOG_TEXT, FACET_LABELS } from '../texts';

interface SearchFiltersProps {
  params: SearchParams;
  /** The URL's current query, which every filter link changes one key of. */
  search: URLSearchParams;
  facets: SearchFacets | undefined;
}

/**
 * The facet lists as checkboxes (each value with its count) and the price range; every choice is a URL
 * change. Brand, colour and size take several values; the other groups one, which a new tick replaces.
 */
export function SearchFilters({ params, search, facets }: SearchFiltersProps) {
  return (
    <div className="space-y-6">
      {FACET_KEYS.map((key) => {
        const values = facets?.[key] ?? [];
        const selected = selectedValues(params, key);
        // Keep chosen values visible even when the other filters leave them no products.
        const missing = selected.filter((value) => !values.some((v) => v.value === value));
        const shown: FacetValue[] = [...missing.map((value) => ({ value, count: 0 })), ...values];
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
  selected: string[];
  search: URLSearchParams;
}) {
  const navigate = useNavigate();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {FACET_LABELS[facet]}
      </legend>
      <ul className="space-y-0.5 pr-1 lg:max-h-64 lg:overflow-y-auto">
        {values.map(({ value, count }) => (
          <FacetOption
            key={value}
            label={CATALOG_TEXT.facetOption(value, count)}
            value={value}
            count={count}
            selected={selected.includes(value)}
            onToggle={() =>
              navigate({ search: `?${withToggled(search, facet, value)}` }, { preventScrollReset: true })
            }
          />
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * One value as a checkbox. It shows its new state as soon as it is clicked, before the URL it changes
 * has been applied, so the box (and what a screen reader announces) never flips back for a moment;
 * the URL then keeps it in step, also on back and forward.
 */
function FacetOption({
  label,
  value,
  count,
  selected,
  onToggle,
}: {
  label: string;
  value: string;
  count: number;
  selected: boolean;
  onToggle: () => void;
}) {
  const [checked, setChecked] = useState(selected);
  useEffect(() => setChecked(selected), [selected]);
  return (
    <li>
      <label
        className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
          checked ? 'bg-brand-50 font-semibold text-brand-900' : 'text-stone-800 hover:bg-brand-50'
        }`}
      >
        <input
          type="checkbox"
          checked={checked}
          aria-label={label}
          onChange={(event) => {
            setChecked(event.target.checked);
            onToggle();
          }}
          className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
        />
        <span className="min-w-0 flex-1 truncate">{value}</span>
        <span aria-hidden="true" className="text-stone-600">
          {count}
        </span>
      </label>
    </li>
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
