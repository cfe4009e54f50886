import { describe, expect, it } from 'vitest';
import { colourOptions, firstAvailable, sizeOptions, variantStock } from './variants';

const product = {
  colors: ['Red', 'Blue'],
  sizes: ['S', 'M'],
  variants: [
    { color: 'Red', size: 'S', countInStock: 0 },
    { color: 'Red', size: 'M', countInStock: 2 },
    { color: 'Blue', size: 'S', countInStock: 0 },
  ],
};

describe('variant availability', () => {
  it('marks a colour available when any of its sizes has stock', () => {
    expect(colourOptions(product)).toEqual([
      { value: 'Red', available: true },
      { value: 'Blue', available: false },
    ]);
    expect(firstAvailable(colourOptions(product))).toBe('Red');
  });

  it('marks a size available only if the chosen colour has stock in it', () => {
    expect(sizeOptions(product, 'Red')).toEqual([
      { value: 'S', available: false },
      { value: 'M', available: true },
    ]);
    expect(sizeOptions(product, 'Blue').every((s) => !s.available)).toBe(true);
    expect(sizeOptions(product, null)).toEqual([
      { value: 'S', available: false },
      { value: 'M', available: true },
    ]);
  });

  it('reads a variant stock, 0 for a missing variant or choice', () => {
    expect(variantStock(product, 'Red', 'M')).toBe(2);
    expect(variantStock(product, 'Blue', 'M')).toBe(0);
    expect(variantStock(product, null, 'M')).toBe(0);
  });

  it('falls back to the variants when colours or sizes are not listed', () => {
    const bare = {
      colors: [],
      sizes: [],
      variants: [{ color: 'Ivory', size: 'Free Size', countInStock: 1 }],
    };
    expect(colourOptions(bare)).toEqual([{ value: 'Ivory', available: true }]);
    expect(sizeOptions(bare, 'Ivory')).toEqual([{ value: 'Free Size', available: true }]);
  });
});
