import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../../common/constants';
import { DASHBOARD_RANGES } from '../../../common/schemas/admin-staff';
import { dashboardWindow, indiaDate } from './dashboard-window';

describe('indiaDate', () => {
  it('turns the day at 18:30 UTC', () => {
    expect(indiaDate(new Date('2026-03-01T18:29:59.999Z'))).toBe('2026-03-01');
    expect(indiaDate(new Date('2026-03-01T18:30:00.000Z'))).toBe('2026-03-02');
  });
});

describe('dashboardWindow', () => {
  it('covers today in India, whatever the hour in UTC', () => {
    expect(dashboardWindow('today', new Date('2026-03-01T20:00:00Z'))).toEqual({
      from: new Date('2026-03-01T18:30:00Z'),
      to: new Date('2026-03-02T18:30:00Z'),
      dates: ['2026-03-02'],
    });
  });

  it('covers the last 7 days, today included, across a month end', () => {
    const window = dashboardWindow('7d', new Date('2026-03-02T04:00:00Z'));
    expect(window.from).toEqual(new Date('2026-02-23T18:30:00Z'));
    expect(window.dates).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('always holds now, and one date per whole day of the range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DASHBOARD_RANGES),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (range, now) => {
          const { from, to, dates } = dashboardWindow(range, now);
          expect(from.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(to.getTime()).toBeGreaterThan(now.getTime());
          expect((to.getTime() - from.getTime()) / DAY).toBe(dates.length);
          expect(dates[0]).toBe(indiaDate(from));
          expect(dates.at(-1)).toBe(indiaDate(now));
        },
      ),
    );
  });
});
