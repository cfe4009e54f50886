import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, RETURN_WINDOW_MS } from './constants';
import { deliveredAtOf, withinReturnWindow } from './return-window';

const delivered = new Date('2026-11-22T10:00:00.000Z');
const sinceDelivery = (ms: number) => new Date(delivered.getTime() + ms);

describe('withinReturnWindow', () => {
  it('allows exactly 7 days after delivery and refuses one millisecond later', () => {
    expect(withinReturnWindow(delivered, sinceDelivery(0))).toBe(true);
    expect(withinReturnWindow(delivered, sinceDelivery(7 * DAY))).toBe(true);
    expect(withinReturnWindow(delivered, sinceDelivery(7 * DAY + 1))).toBe(false);
  });

  it('is true exactly for times up to the window edge (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * DAY }), (ms) => {
        expect(withinReturnWindow(delivered, sinceDelivery(ms))).toBe(ms <= RETURN_WINDOW_MS);
      }),
    );
  });
});

describe('deliveredAtOf', () => {
  it('reads the latest Delivered entry, from ISO strings or dates', () => {
    expect(
      deliveredAtOf([
        { deliveryStatus: 'Processing', at: '2026-11-20T10:00:00.000Z' },
        { deliveryStatus: 'Delivered', at: '2026-11-21T10:00:00.000Z' },
        { deliveryStatus: 'Delivered', at: delivered },
        { deliveryStatus: 'Return Requested', at: '2026-11-23T10:00:00.000Z' },
      ]),
    ).toEqual(delivered);
  });

  it('is undefined for an order never delivered, and skips times that do not parse', () => {
    expect(deliveredAtOf([{ deliveryStatus: 'Shipped', at: '2026-11-21T10:00:00.000Z' }])).toBeUndefined();
    expect(deliveredAtOf([{ deliveryStatus: 'Delivered', at: 'not a date' }])).toBeUndefined();
    expect(deliveredAtOf([])).toBeUndefined();
  });
});
