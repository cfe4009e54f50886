import DOMPurify from 'dompurify';
import { STORAGE_KEYS } from '../../../common/constants';
import type { CartItem } from './cart-logic';

/** Strips every tag (and the content of script-like ones), leaving plain text. */
export function sanitizeText(value: string): string {
  const fragment = DOMPurify.sanitize(value, {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    RETURN_DOM_FRAGMENT: true,
  });
  // textContent rather than the serialised HTML, so "Shirts & Tops" does not become "Shirts &amp; Tops".
  return fragment.textContent ?? '';
}

type TextField = '_id' | 'image' | 'name' | 'selectedColor' | 'selectedSize';

/** The same line with every text field sanitised (SPEC.md §3: text fields are sanitised before storing). */
export function sanitizeItem<T extends Pick<CartItem, TextField>>(item: T): T {
  return {
    ...item,
    _id: sanitizeText(item._id),
    image: sanitizeText(item.image),
    name: sanitizeText(item.name),
    selectedColor: sanitizeText(item.selectedColor),
    selectedSize: sanitizeText(item.selectedSize),
  };
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v._id === 'string' &&
    typeof v.image === 'string' &&
    typeof v.name === 'string' &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price) &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1 &&
    typeof v.countInStock === 'number' &&
    typeof v.selectedColor === 'string' &&
    typeof v.selectedSize === 'string' &&
    typeof v.isRefundable === 'boolean'
  );
}

export type LoadResult = { ok: true; items: CartItem[] } | { ok: false; items: [] };

/** Reads the stored cart. Anything that is not a list of cart lines counts as a parse failure. */
export function loadCart(storage: Storage = localStorage): LoadResult {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEYS.cart);
  } catch {
    return { ok: false, items: [] };
  }
  if (raw === null) return { ok: true, items: [] };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isCartItem)) return { ok: false, items: [] };
    return { ok: true, items: parsed.map(sanitizeItem) };
  } catch {
    return { ok: false, items: [] };
  }
}

/** Stores the cart with its text fields sanitised. Storage errors (quota, private mode) are ignored. */
export function saveCart(items: readonly CartItem[], storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.cart, JSON.stringify(items.map(sanitizeItem)));
  } catch {
    // The cart still works for this visit; it just will not survive a reload.
  }
}
