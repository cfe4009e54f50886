import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from './analytics-client';

/** Sends an anonymous page view on each route or query change (SPEC.md §4); renders nothing. */
export function AnalyticsTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView({ pathname, search });
  }, [pathname, search]);
  return null;
}
