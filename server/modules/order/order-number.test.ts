import { describe, expect, it } from 'vitest';
import { newOrderNumber } from './order-number';

describe('newOrderNumber', () => {
  it('reads PNV-YYMM-XXXXX with unambiguous characters', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    for (let i = 0; i < 200; i += 1) {
      expect(newOrderNumber(at)).toMatch(/^PNV-2611-[2-9A-HJKMNP-TV-Z]{5}$/);
    }
    expect(newOrderNumber(new Date('2030-01-01T00:00:00Z'))).toMatch(/^PNV-3001-/);
  });

  it('draws different numbers', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const numbers = new Set(Array.from({ length: 1000 }, () => newOrderNumber(at)));
    expect(numbers.size).toBeGreaterThan(990);
  });
});
