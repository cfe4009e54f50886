/**
 * The cart's rules as plain functions (SPEC.md §4, §9), kept free of React and storage so they can be
 * tested directly and with property tests.
 */
import { type ImagesByColor, imageForColor } from '../../../common/color-images';

/** A line of the cart as kept in local storage under `cartItems` (SPEC.md §3). */
export interface CartItem {
  _id: string;
  image: string;
  name: string;
  price: number;
  quantity: number;
  countInStock: number;
  selectedColor: string;
  selectedSize: string;
  isRefundable: boolean;
}

/** What a page hands over to add a product: everything but the quantity; isRefundable is optional. */
export type NewCartItem = Omit<CartItem, 'quantity' | 'isRefundable'> & { isRefundable?: boolean };

/** Identifies one line: the same product in another colour or size is another line. */
export interface CartLineKey {
  _id: string;
  selectedColor: string;
  selectedSize: string;
}

export type AddOutcome = 'added' | 'stock-limit';

export interface AddResult {
  items: CartItem[];
  /** 'stock-limit' when at least one requested unit could not be added because of the stock. */
  outcome: AddOutcome;
}

export function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a._id === b._id && a.selectedColor === b.selectedColor && a.selectedSize === b.selectedSize;
}

/** A stable string key for a line, for React keys and look-ups. */
export function lineKey(line: CartLineKey): string {
  return JSON.stringify([line._id, line.selectedColor, line.selectedSize]);
}

/**
 * Adds `units` (default 1) of a product. A new line starts at quantity 1 (isRefundable false unless
 * given); each further unit raises the quantity by 1 only while it is below countInStock, otherwise
 * the outcome is 'stock-limit'. A product with no stock is never added.
 */
export function addItem(items: CartItem[], item: NewCartItem, units = 1): AddResult {
  const wanted = Math.max(1, Math.floor(units));
  const index = items.findIndex((line) => isSameLine(line, item));
  const current = index >= 0 ? items[index] : undefined;
  const stock = Math.max(0, Math.floor(item.countInStock));
  const had = current?.quantity ?? 0;
  const quantity = Math.min(had + wanted, Math.max(had, stock));
  const outcome: AddOutcome = quantity - had < wanted ? 'stock-limit' : 'added';
  if (quantity === had) return { items, outcome };
  if (current) {
    const next = items.slice();
    next[index] = { ...current, countInStock: stock, quantity };
    return { items: next, outcome };
  }
  const line: CartItem = {
    _id: item._id,
    image: item.image,
    name: item.name,
    price: item.price,
    countInStock: stock,
    selectedColor: item.selectedColor,
    selectedSize: item.selectedSize,
    isRefundable: item.isRefundable ?? false,
    quantity,
  };
  return { items: [...items, line], outcome };
}

/** Raises an existing line by one unit, capped by its countInStock. */
export function incrementItem(items: CartItem[], key: CartLineKey): AddResult {
  const line = items.find((candidate) => isSameLine(candidate, key));
  if (!line) return { items, outcome: 'added' };
  return addItem(items, line, 1);
}

/** Removes one unit; at quantity 1 the line is removed. */
export function decrementItem(items: CartItem[], key: CartLineKey): CartItem[] {
  const index = items.findIndex((line) => isSameLine(line, key));
  const line = index >= 0 ? items[index] : undefined;
  if (!line) return items;
  if (line.quantity <= 1) return removeItem(items, key);
  const next = items.slice();
  next[index] = { ...line, quantity: line.quantity - 1 };
  return next;
}

/** Deletes the line outright, whatever its quantity. */
export function removeItem(items: CartItem[], key: CartLineKey): CartItem[] {
  return items.filter((line) => !isSameLine(line, key));
}

/** Σ price × quantity in rupees, summed in paise so decimals do not drift. */
export function cartTotal(items: readonly CartItem[]): number {
  const paise = items.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return paise / 100;
}

/** Number of units in the cart. */
export function cartUnits(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** The server's current answer for one product (SPEC.md §3, "Product response (price refresh)"). */
export interface FreshPrice {
  price: number;
  isRefundable: boolean;
  /** The product's pictures by colour, when the answer had them. */
  pictures?: ImagesByColor;
}

/**
 * Applies fresh prices by product id; products missing from `fresh` keep their old price.
 * `changed` is true when at least one line's price differs from before. Each line also takes the
 * picture of its colour, so a cart stored before pictures followed the colour (or before the shop
 * changed a picture) shows what the shopper chose; that alone is no price change.
 */
export function applyFreshPrices(
  items: CartItem[],
  fresh: ReadonlyMap<string, FreshPrice>,
): { items: CartItem[]; changed: boolean } {
  let changed = false;
  const next = items.map((line) => {
    const update = fresh.get(line._id);
    if (!update) return line;
    if (update.price !== line.price) changed = true;
    const image = (update.pictures && imageForColor(update.pictures, line.selectedColor)) || line.image;
    if (update.price === line.price && update.isRefundable === line.isRefundable && image === line.image) {
      return line;
    }
    return { ...line, price: update.price, isRefundable: update.isRefundable, image };
  });
  return { items: changed || next.some((line, i) => line !== items[i]) ? next : items, changed };
}
