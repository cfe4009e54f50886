import { HOUR, MINUTE } from './constants';

/**
 * How long to wait before trying an outside call (a mail, the courier) again after `failures` failures
 * in a row: 1, 2, 4 … minutes, at most an hour apart, so a short outage is bridged quickly and a long
 * one costs one attempt an hour.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, failures - 1), HOUR);
}
