import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, ANALYTICS_SESSION_ID_PATTERN } from '../../../common/schemas/analytics';
import { CLIENT_ANALYTICS_LIMITS, SESSION_ID_PATTERN } from './limits';

describe('client analytics limits', () => {
  it('match the caps of the server schema', () => {
    for (const [key, value] of Object.entries(CLIENT_ANALYTICS_LIMITS)) {
      expect([key, value]).toEqual([key, ANALYTICS_LIMITS[key as keyof typeof ANALYTICS_LIMITS]]);
    }
    expect(SESSION_ID_PATTERN.source).toBe(ANALYTICS_SESSION_ID_PATTERN.source);
  });
});
