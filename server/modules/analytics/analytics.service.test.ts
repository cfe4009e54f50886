import { describe, expect, it } from 'vitest';
import { searchTermOf } from './analytics.service';

describe('searchTermOf', () => {
  it('decodes a search parameter into one spelling per term', () => {
    expect(searchTermOf('Silk+Saree')).toBe('silk saree');
    expect(searchTermOf('silk%20%20saree%20')).toBe('silk saree');
    expect(searchTermOf('%E0%A4%95%E0%A5%81%E0%A4%B0%E0%A5%8D%E0%A4%A4%E0%A4%BE')).toBe('कुर्ता');
  });

  it('drops blank terms, broken encoding and control characters', () => {
    expect(searchTermOf('')).toBeNull();
    expect(searchTermOf('+%20+')).toBeNull();
    expect(searchTermOf('%E0%A4')).toBeNull();
    expect(searchTermOf('kurta%00%0A')).toBe('kurta');
  });
});
