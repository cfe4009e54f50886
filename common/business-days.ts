import { DAY } from './constants';

/** India has one time zone and no daylight saving: IST is always UTC+5:30. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * `days` business days (Monday to Friday, counted in India time) after `start`, at the same time of
 * day: the end of a promise such as SPEC.md §9's refund within 5 business days of approval.
 */
export function addBusinessDays(start: Date, days: number): Date {
  let at = start.getTime();
  let left = days;
  while (left > 0) {
    at += DAY;
    const weekday = new Date(at + IST_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}
