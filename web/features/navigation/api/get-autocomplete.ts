import { API } from '../../../../common/api-paths';
import { LABELLED_SUGGESTIONS } from '../../../../common/constants';
import { api, toQueryString } from '../../../lib/api-client';

/** One suggestion under the search box. */
export interface Suggestion {
  key: string;
  /** The server's label, or else the first present of name, category or brand (SPEC.md §2). */
  label: string;
  kind: 'product' | 'category' | 'brand';
  /** Where choosing it leads. */
  to: string;
  /** A product's picture, shown small beside it. */
  image?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Where a category suggestion leads: a search by the filters of its node of the category tree. */
function categoryTarget(record: Record<string, unknown>): string {
  const { gender, brand, category, subCategory, type } = record;
  const filters = { gender, brand, category, subCategory, type };
  const present = Object.entries(filters).filter(
    (entry): entry is [string, string] => text(entry[1]) !== undefined,
  );
  return `/search${toQueryString(Object.fromEntries(present))}`;
}

/**
 * One item of the answer as a suggestion. A labelled item (`kind` and `label`) is shown by its label; a
 * category one leads to its node's filters. An item without them shows the first present of name,
 * category or brand (SPEC.md §2).
 */
function toSuggestion(record: Record<string, unknown>): Suggestion | undefined {
  const label = text(record.label);
  const name = text(record.name);
  const category = text(record.category);
  const brand = text(record.brand);
  const id = text(record._id);
  if (label && record.kind === 'category' && category) {
    const to = categoryTarget(record);
    return { key: `category:${to}`, label, kind: 'category', to };
  }
  if (name) {
    // A product suggestion opens that product: the shopper picked one item, not a search.
    return {
      key: `product:${id ?? name}`,
      label: label ?? name,
      kind: 'product',
      to: id ? `/product/${encodeURIComponent(id)}` : `/search${toQueryString({ name })}`,
      ...(text(record.image) ? { image: text(record.image) } : {}),
    };
  }
  if (category) {
    return {
      key: `category:${category}`,
      label: category,
      kind: 'category',
      to: `/search${toQueryString({ category })}`,
    };
  }
  if (brand) {
    return {
      key: `brand:${brand}`,
      label: label ?? brand,
      kind: 'brand',
      to: `/search${toQueryString({ brand })}`,
    };
  }
  return undefined;
}

/** Turns the autocomplete answer into suggestions; a non-array answer is treated as empty (SPEC.md §7). */
export function toSuggestions(data: unknown): Suggestion[] {
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const suggestion = toSuggestion(item as Record<string, unknown>);
    if (suggestion && !seen.has(suggestion.key)) {
      seen.add(suggestion.key);
      suggestions.push(suggestion);
    }
  }
  return suggestions;
}

/**
 * `GET /api/products/autocomplete?q=` (SPEC.md §7), preferring labelled suggestions: categories come
 * as nodes of the category tree ("Kurtas for Men") that lead to their filters.
 */
export async function getAutocomplete(q: string): Promise<Suggestion[]> {
  const data = await api.get<unknown>(`${API.catalog.autocomplete}${toQueryString({ q })}`, {
    Prefer: LABELLED_SUGGESTIONS,
  });
  return toSuggestions(data);
}
