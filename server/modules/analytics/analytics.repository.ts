import { and, countDistinct, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from './analytics.schema';

export interface NewAnalyticsRow {
  type: string;
  sessionId: string;
  path: string;
  /** Everything else the browser sent (url, referrer, utm, lang, screen, event). */
  payload: Record<string, unknown>;
  receivedAt: Date;
}

/** The SQL of the analytics_events table; the only code that touches it. */
export function createAnalyticsRepository(db: Db) {
  return {
    async insert(row: NewAnalyticsRow): Promise<void> {
      await db.insert(analyticsEvents).values(row);
    },

    /** Browser sessions that sent a page view in [from, to). */
    async visitors(from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(analyticsEvents.sessionId) })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.type, 'pageview'),
            gte(analyticsEvents.receivedAt, from),
            lt(analyticsEvents.receivedAt, to),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * The `name` parameter of the search pages viewed in [from, to), as sent (URL-encoded), with the
     * number of browser sessions that searched it, most searched first.
     */
    searchParameters(from: Date, to: Date, limit: number): Promise<{ raw: string; sessions: number }[]> {
      const raw = sql<string>`substring(${analyticsEvents.payload}->>'url' from '[?&]name=([^&#]*)')`;
      return db
        .select({ raw, sessions: countDistinct(analyticsEvents.sessionId) })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.type, 'pageview'),
            eq(analyticsEvents.path, '/search'),
            gte(analyticsEvents.receivedAt, from),
            lt(analyticsEvents.receivedAt, to),
            isNotNull(raw),
          ),
        )
        .groupBy(sql`1`)
        .orderBy(desc(countDistinct(analyticsEvents.sessionId)), sql`1`)
        .limit(limit);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
