import { API } from '../../../common/api-paths';
import type { AnalyticsEvent } from '../../../common/schemas/analytics';

/**
 * Sends one event. A beacon survives the page being closed and needs no CSRF header; its text/plain
 * body avoids a CORS preflight. When the browser has no beacon or refuses to queue it, a keepalive fetch
 * with credentials does the same job (SPEC.md §7). Failures are ignored: analytics never disturbs the page.
 */
export function sendAnalyticsEvent(event: AnalyticsEvent): void {
  const body = JSON.stringify(event);
  try {
    if (typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(API.analytics.collect, new Blob([body], { type: 'text/plain' }));
      if (queued) return;
    }
  } catch {
    // Some browsers throw instead of returning false (for example on a blocked URL); fall through.
  }
  fetch(API.analytics.collect, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body,
  }).catch(() => {});
}
