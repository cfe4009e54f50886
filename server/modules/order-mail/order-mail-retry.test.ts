import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../../common/constants';
import { ORDER_MAIL_MAX_ATTEMPTS, orderMailRetryAt } from './order-mail-retry';

const failedAt = new Date('2026-11-22T10:00:00.000Z');
const delayAfter = (failures: number) => {
  const at = orderMailRetryAt(failures, failedAt);
  return at && (at.getTime() - failedAt.getTime()) / MINUTE;
};

describe('order mail retries', () => {
  it('wait 1, 2, 4 … minutes, then an hour, and stop after the last attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(delayAfter)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(delayAfter(ORDER_MAIL_MAX_ATTEMPTS - 1)).toBe(60);
    expect(orderMailRetryAt(ORDER_MAIL_MAX_ATTEMPTS, failedAt)).toBeNull();
  });

  it('the last attempt comes about a day after the first', () => {
    let elapsed = 0;
    for (let failures = 1; failures < ORDER_MAIL_MAX_ATTEMPTS; failures += 1) {
      elapsed += delayAfter(failures) ?? Number.NaN;
    }
    expect(elapsed).toBe(24 * 60 + 3);
  });

  it('never waits less than a minute or more than an hour, nor less than after fewer failures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: ORDER_MAIL_MAX_ATTEMPTS - 2 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (failures, at) => {
          const next = orderMailRetryAt(failures, at);
          const later = orderMailRetryAt(failures + 1, at);
          if (!next || !later) throw new Error('given up before the last attempt');
          const delay = next.getTime() - at.getTime();
          expect(delay).toBeGreaterThanOrEqual(MINUTE);
          expect(delay).toBeLessThanOrEqual(HOUR);
          expect(later.getTime() - at.getTime()).toBeGreaterThanOrEqual(delay);
        },
      ),
    );
  });
});
