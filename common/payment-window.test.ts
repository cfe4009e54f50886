import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE } from './constants';
import { awaitingOnlinePayment, unpaidOrderExpired, unpaidOrderExpiresAt } from './payment-window';
import { DELIVERY_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from './schemas/order';

describe('awaitingOnlinePayment', () => {
  it('holds only for an online order not paid yet and not moving or cancelled', () => {
    for (const paymentMode of PAYMENT_MODES) {
      for (const paymentStatus of PAYMENT_STATUSES) {
        for (const deliveryStatus of DELIVERY_STATUSES) {
          const expected =
            paymentMode === 'ONLINE' &&
            (paymentStatus === 'Pending' || paymentStatus === 'Failed') &&
            deliveryStatus === 'Pending';
          expect(awaitingOnlinePayment({ paymentMode, paymentStatus, deliveryStatus })).toBe(expected);
        }
      }
    }
  });
});

describe('the 30 minutes to pay', () => {
  const placed = new Date('2026-11-22T10:00:00.000Z');

  it('ends 30 minutes after placing, the edge included', () => {
    expect(unpaidOrderExpiresAt(placed).toISOString()).toBe('2026-11-22T10:30:00.000Z');
    expect(unpaidOrderExpired(placed, new Date(placed.getTime() + 30 * MINUTE - 1))).toBe(false);
    expect(unpaidOrderExpired(placed, new Date(placed.getTime() + 30 * MINUTE))).toBe(true);
  });

  it('is expired exactly when the time is at or past the expiry', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60 * MINUTE, max: 120 * MINUTE }), (offset) => {
        const at = new Date(placed.getTime() + offset);
        expect(unpaidOrderExpired(placed, at)).toBe(at >= unpaidOrderExpiresAt(placed));
      }),
    );
  });
});
