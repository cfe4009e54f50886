import { DAY, MINUTE } from '../../../common/constants';
import type { DashboardRange } from '../../../common/schemas/admin-staff';

/** The shop's days are India's. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** India keeps UTC+05:30 all year, without daylight saving: its days start at 18:30 UTC. */
const INDIA_OFFSET_MS = 330 * MINUTE;

const DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };

/** The date in India of an instant, `YYYY-MM-DD`. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The whole days of a range in India time, the last one being today (the day of `now`): `from` is the
 * start of the first, `to` the end of today, and `dates` each day of it, oldest first.
 */
export function dashboardWindow(range: DashboardRange, now: Date): { from: Date; to: Date; dates: string[] } {
  const days = DAYS[range];
  const todayStarts = Date.parse(`${indiaDate(now)}T00:00:00.000Z`) - INDIA_OFFSET_MS;
  const from = new Date(todayStarts - (days - 1) * DAY);
  const dates = Array.from({ length: days }, (_, i) => indiaDate(new Date(from.getTime() + i * DAY)));
  return { from, to: new Date(todayStarts + DAY), dates };
}
