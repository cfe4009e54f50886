import { describe, expect, it } from 'vitest';
import { hasImageSizes, productImageSrcSet, productImageUrl } from './images';

describe('product image naming', () => {
  const large = '/images/products/banarasi-silk-saree-1a2b3c.webp';

  it('derives the small rendition from the stored large URL', () => {
    expect(productImageUrl(large, 'sm')).toBe('/images/products/banarasi-silk-saree-1a2b3c-sm.webp');
    expect(productImageUrl(large, 'lg')).toBe(large);
    expect(productImageUrl(large)).toBe(large);
    expect(productImageUrl('/images/products/banarasi-silk-saree-1a2b3c-2.webp', 'sm')).toBe(
      '/images/products/banarasi-silk-saree-1a2b3c-2-sm.webp',
    );
  });

  it('leaves URLs outside the rule unchanged', () => {
    for (const url of [
      'https://cdn.example.com/a.webp',
      '/images/products/a.jpg',
      '/images/reviews/a.webp',
      '',
    ]) {
      expect(hasImageSizes(url)).toBe(false);
      expect(productImageUrl(url, 'sm')).toBe(url);
      expect(productImageSrcSet(url)).toBeUndefined();
    }
    expect(hasImageSizes(productImageUrl(large, 'sm'))).toBe(false);
  });

  it('offers both widths in a srcset', () => {
    expect(productImageSrcSet(large)).toBe(
      '/images/products/banarasi-silk-saree-1a2b3c-sm.webp 400w, /images/products/banarasi-silk-saree-1a2b3c.webp 800w',
    );
  });
});
