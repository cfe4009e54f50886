import { describe, expect, it } from 'vitest';
import type { SellableProduct, StockLine } from './inventory.service';
import { shortAsRead } from './inventory.service';

const A = '1a1a1a1a-0000-4000-8000-000000000001';
const B = '2b2b2b2b-0000-4000-8000-000000000002';

const product = (id: string, variants: SellableProduct['variants']): SellableProduct => ({
  id,
  name: `Kurta ${id.slice(0, 2)}`,
  images: [],
  colorImages: [],
  pricePaise: 49_900,
  isRefundable: true,
  variants,
});

const catalog = [
  product(A, [
    { color: 'White', size: 'L', countInStock: 1 },
    { color: 'White', size: 'M', countInStock: 4 },
  ]),
  product(B, [{ color: 'Blue', size: 'S', countInStock: 0 }]),
];

const line = (productId: string, color: string, size: string, quantity: number): StockLine => ({
  productId,
  color,
  size,
  quantity,
});

describe('shortAsRead', () => {
  it('passes a cart the stock as read can fill, up to the last unit', () => {
    expect(shortAsRead([line(A, 'White', 'M', 4), line(A, 'White', 'L', 1)], catalog)).toBeUndefined();
  });

  it('names the first short line in lock order (product, colour, size), whatever the cart order', () => {
    const bShort = line(B, 'Blue', 'S', 1);
    const mShort = line(A, 'White', 'M', 5);
    const lShort = line(A, 'White', 'L', 2);
    expect(shortAsRead([bShort, mShort, lShort], catalog)).toBe(lShort);
    expect(shortAsRead([bShort, mShort], catalog)).toBe(mShort);
    expect(shortAsRead([bShort, line(A, 'White', 'M', 1)], catalog)).toBe(bShort);
  });

  it('counts a variant missing from the read as none left', () => {
    const gone = line(A, 'Red', 'M', 1);
    expect(shortAsRead([gone], catalog)).toBe(gone);
  });
});
