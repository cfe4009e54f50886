import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from './constants';
import { retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  it('doubles from a minute after each failure and stays at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(retryDelayMs)).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      16 * MINUTE,
      32 * MINUTE,
      HOUR,
      HOUR,
      HOUR,
    ]);
  });

  it('waits a minute before the first retry even when no failure was counted yet', () => {
    expect(retryDelayMs(0)).toBe(MINUTE);
  });
});
