import { API } from '../../../../common/api-paths';
import { api, toQueryString } from '../../../lib/api-client';

/** One suggestion under the search box. */
export interface Suggestion {
  key: string;
  /** The first present of name, category or brand (SPEC.md §2). */
  label: string;
  kind: 'product' | 'category' | 'brand';
  /** Where choosing it leads. */
  to: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Turns the autocomplete answer into suggestions; a non-array answer is treated as empty (SPEC.md §7). */
export function toSuggestions(data: unknown): Suggestion[] {
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const name = text(record.name);
    const category = text(record.category);
    const brand = text(record.brand);
    const id = text(record._id);
    let suggestion: Suggestion | undefined;
    if (name) {
      // A product suggestion opens that product: the shopper picked one item, not a search.
      suggestion = {
        key: `product:${id ?? name}`,
        label: name,
        kind: 'product',
        to: id ? `/product/${encodeURIComponent(id)}` : `/search${toQueryString({ name })}`,
      };
    } else if (category) {
      suggestion = {
        key: `category:${category}`,
        label: category,
        kind: 'category',
        to: `/search${toQueryString({ category })}`,
      };
    } else if (brand) {
      suggestion = {
        key: `brand:${brand}`,
        label: brand,
        kind: 'brand',
        to: `/search${toQueryString({ brand })}`,
      };
    }
    if (suggestion && !seen.has(suggestion.key)) {
      seen.add(suggestion.key);
      suggestions.push(suggestion);
    }
  }
  return suggestions;
}

/** `GET /api/products/autocomplete?q=` (SPEC.md §7). */
export async function getAutocomplete(q: string): Promise<Suggestion[]> {
  return toSuggestions(await api.get<unknown>(`${API.catalog.autocomplete}${toQueryString({ q })}`));
}
