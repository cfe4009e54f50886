import { DAY } from './constants';

/** India has one time zone and no daylight saving: IST is always UTC+5:30. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** A day that is no business day although it falls on a weekday, as its India date (`2026-12-25`). */
export type Holidays = ReadonlySet<string>;
const NO_HOLIDAYS: Holidays = new Set();

/**
 * `days` business days (Monday to Friday, counted in India time, without `holidays`) after `start`,
 * at the same time of day: the end of a promise such as SPEC.md §9's refund within 5 business days of
 * approval, or a grievance reply within 15.
 */
export function addBusinessDays(start: Date, days: number, holidays: Holidays = NO_HOLIDAYS): Date {
  let at = start.getTime();
  let left = days;
  while (left > 0) {
    at += DAY;
    const india = new Date(at + IST_OFFSET_MS);
    const weekday = india.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(india.toISOString().slice(0, 10))) left -= 1;
  }
  return new Date(at);
}
