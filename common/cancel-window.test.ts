import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelRefusal } from './cancel-window';
import { CANCEL_WINDOW_MS, HOUR } from './constants';
import { DELIVERY_STATUSES, type DeliveryStatus } from './schemas/order';

const placedAt = new Date('2026-11-22T10:00:00.000Z');
const sincePlacing = (ms: number) => new Date(placedAt.getTime() + ms);

describe('cancelRefusal', () => {
  it('allows exactly 6 hours after placing and refuses one millisecond later', () => {
    const order = { deliveryStatus: 'Pending' as const, placedAt };
    expect(cancelRefusal(order, sincePlacing(0))).toBeNull();
    expect(cancelRefusal(order, sincePlacing(6 * HOUR))).toBeNull();
    expect(cancelRefusal(order, sincePlacing(6 * HOUR + 1))).toBe('window-passed');
  });

  it('allows Pending and Processing only, naming a cancelled order apart', () => {
    const at = sincePlacing(HOUR);
    const refusalIn = (deliveryStatus: DeliveryStatus) => cancelRefusal({ deliveryStatus, placedAt }, at);
    expect(refusalIn('Pending')).toBeNull();
    expect(refusalIn('Processing')).toBeNull();
    expect(refusalIn('Cancelled')).toBe('already-cancelled');
    const gone = DELIVERY_STATUSES.filter((s) => !['Pending', 'Processing', 'Cancelled'].includes(s));
    for (const status of gone) expect(refusalIn(status)).toBe('left-the-shop');
  });

  it('gives the state reason before the window: a shipped order is never "too late"', () => {
    expect(cancelRefusal({ deliveryStatus: 'Shipped', placedAt }, sincePlacing(CANCEL_WINDOW_MS + 1))).toBe(
      'left-the-shop',
    );
  });

  it('keeps the window closed when the placing time is not a date', () => {
    expect(cancelRefusal({ deliveryStatus: 'Pending', placedAt: new Date('not a date') }, placedAt)).toBe(
      'window-passed',
    );
  });

  it('is open exactly for times up to the window edge (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * CANCEL_WINDOW_MS }), (ms) => {
        const refusal = cancelRefusal({ deliveryStatus: 'Processing', placedAt }, sincePlacing(ms));
        expect(refusal === null).toBe(ms <= CANCEL_WINDOW_MS);
      }),
    );
  });
});
