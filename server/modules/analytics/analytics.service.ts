import type { IncomingHttpHeaders } from 'node:http';
import type { AnalyticsEvent } from '../../../common/schemas/analytics';
import { cleanText } from '../../../common/schemas/text';
import type { AnalyticsRepository } from './analytics.repository';

/**
 * True when the request carries Do Not Track or Global Privacy Control. The web client already stays
 * silent then; checking here too covers other clients and browsers that only send the header.
 */
export function sendsPrivacySignal(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** Longest search term the back office shows; longer ones are cut. */
const SEARCH_TERM_MAX = 100;

/**
 * The search term of a `name` URL parameter as sent (`kurta+cotton`, `silk%20saree`): decoded, with
 * its spaces collapsed and lower-cased, so one term typed two ways counts once; null when it is blank
 * or not valid percent-encoding.
 */
export function searchTermOf(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
  const term = cleanText(decoded).replace(/\s+/gu, ' ').trim().toLowerCase().slice(0, SEARCH_TERM_MAX);
  return term === '' ? null : term;
}

/** Records anonymous page views and events (SPEC.md §4): no IP address, no user id. */
export function createAnalyticsService(repository: AnalyticsRepository, { now }: { now: () => Date }) {
  return {
    /** Stores the event unless the visitor's browser asked not to be tracked; returns whether it was stored. */
    async collect(event: AnalyticsEvent, { privacySignal }: { privacySignal: boolean }): Promise<boolean> {
      if (privacySignal) return false;
      const { type, sessionId, path, ...payload } = event;
      await repository.insert({ type, sessionId, path, payload, receivedAt: now() });
      return true;
    },

    /** Browser sessions that viewed a page in [from, to). */
    visitors(from: Date, to: Date): Promise<number> {
      return repository.visitors(from, to);
    },

    /**
     * The terms searched in [from, to) (the shop's search page views), each with the number of browser
     * sessions that searched it, most searched first, at most `limit`.
     */
    async topSearches(from: Date, to: Date, limit: number): Promise<{ term: string; searches: number }[]> {
      // Spellings of one term (`silk+saree`, `Silk%20Saree`) are merged below, so read more than asked.
      const rows = await repository.searchParameters(from, to, limit * 5);
      const byTerm = new Map<string, number>();
      for (const { raw, sessions } of rows) {
        const term = searchTermOf(raw);
        if (term) byTerm.set(term, (byTerm.get(term) ?? 0) + sessions);
      }
      return [...byTerm]
        .map(([term, searches]) => ({ term, searches }))
        .sort((a, b) => b.searches - a.searches || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
        .slice(0, limit);
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
