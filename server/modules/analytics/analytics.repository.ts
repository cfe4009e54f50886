import type { Db } from '../../db/client';
import { analyticsEvents } from './analytics.schema';

export interface NewAnalyticsRow {
  type: string;
  sessionId: string;
  path: string;
  /** Everything else the browser sent (url, referrer, utm, lang, screen, event). */
  payload: Record<string, unknown>;
}

/** Writes to the analytics_events table; the only code that touches it. */
export function createAnalyticsRepository(db: Db) {
  return {
    async insert(row: NewAnalyticsRow): Promise<void> {
      await db.insert(analyticsEvents).values(row);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
