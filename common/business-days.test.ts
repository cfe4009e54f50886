import { describe, expect, it } from 'vitest';
import { addBusinessDays } from './business-days';

describe('addBusinessDays', () => {
  it('skips the weekend in India time', () => {
    // Thursday 26 Nov 2026, 10:00 IST: five business days later is Thursday 3 Dec.
    expect(addBusinessDays(new Date('2026-11-26T04:30:00Z'), 5).toISOString()).toBe(
      '2026-12-03T04:30:00.000Z',
    );
    // Friday 23:00 IST is still Friday in India although it is Friday 17:30 UTC: the next business day is Monday.
    expect(addBusinessDays(new Date('2026-11-27T17:30:00Z'), 1).toISOString()).toBe(
      '2026-11-30T17:30:00.000Z',
    );
  });

  it('counts a request made on a Saturday from Monday', () => {
    expect(addBusinessDays(new Date('2026-11-28T06:00:00Z'), 1).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
  });

  it('skips configured holidays, counted in India time', () => {
    // Thursday 24 Dec 2026, 10:00 IST; Friday 25 Dec is a holiday, so one business day later is Monday.
    expect(addBusinessDays(new Date('2026-12-24T04:30:00Z'), 1, new Set(['2026-12-25'])).toISOString()).toBe(
      '2026-12-28T04:30:00.000Z',
    );
  });
});
