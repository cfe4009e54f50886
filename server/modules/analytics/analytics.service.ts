import type { IncomingHttpHeaders } from 'node:http';
import type { AnalyticsEvent } from '../../../common/schemas/analytics';
import type { AnalyticsRepository } from './analytics.repository';

/**
 * True when the request carries Do Not Track or Global Privacy Control. The web client already stays
 * silent then; checking here too covers other clients and browsers that only send the header.
 */
export function sendsPrivacySignal(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** Records anonymous page views and events (SPEC.md §4): no IP address, no user id. */
export function createAnalyticsService(repository: AnalyticsRepository) {
  return {
    /** Stores the event unless the visitor's browser asked not to be tracked; returns whether it was stored. */
    async collect(event: AnalyticsEvent, { privacySignal }: { privacySignal: boolean }): Promise<boolean> {
      if (privacySignal) return false;
      const { type, sessionId, path, ...payload } = event;
      await repository.insert({ type, sessionId, path, payload });
      return true;
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
