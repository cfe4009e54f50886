import { describe, expect, it } from 'vitest';
import { deliveryDate } from './delivery-date';

describe('deliveryDate', () => {
  it('names the day etaDays after today, with the weekday, in en-IN', () => {
    expect(deliveryDate(3, new Date(2026, 10, 22, 10, 0))).toBe('Wed, 25 Nov');
    expect(deliveryDate(2, new Date(2026, 10, 22, 23, 59))).toBe('Tue, 24 Nov');
  });

  it('runs over the end of a month and a year', () => {
    expect(deliveryDate(7, new Date(2026, 11, 28))).toBe('Mon, 4 Jan');
    expect(deliveryDate(2, new Date(2028, 1, 28))).toBe('Wed, 1 Mar');
  });
});
