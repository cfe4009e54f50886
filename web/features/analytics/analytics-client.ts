import { ANALYTICS_DUPLICATE_WINDOW_MS } from '../../../common/constants';
import type {
  AnalyticsEvent,
  AnalyticsEventData,
  AnalyticsScreen,
  AnalyticsUtm,
} from '../../../common/schemas/analytics';
import { CLIENT_ANALYTICS_LIMITS as LIMITS } from './limits';
import { isTrackingAllowed } from './privacy';
import { sendAnalyticsEvent } from './send-event';
import { getSessionId } from './session-id';

/** The part of a location a page view is about; the router's location and window.location both fit. */
export interface PageLocation {
  pathname: string;
  search: string;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

function utmFrom(search: string): AnalyticsUtm | undefined {
  const params = new URLSearchParams(search);
  const utm: AnalyticsUtm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`);
    if (value) utm[key] = value.slice(0, LIMITS.utm);
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}

function currentScreen(): AnalyticsScreen {
  const dpr = window.devicePixelRatio > 0 ? Math.round(window.devicePixelRatio * 100) / 100 : 1;
  return { w: Math.round(window.screen.width), h: Math.round(window.screen.height), dpr };
}

/**
 * A tracker with its own memory of the last page view. The app uses the default one below; tests build
 * fresh ones so the duplicate window of one test does not leak into the next.
 */
export function createAnalyticsClient(send: (event: AnalyticsEvent) => void = sendAnalyticsEvent) {
  let lastPageView: { key: string; at: number } | null = null;
  // In a single-page app document.referrer stays the page that first opened the shop, so later page
  // views name the previous in-app page instead.
  let previousUrl: string | null = null;

  function baseEvent(location: PageLocation) {
    const url = `${window.location.origin}${location.pathname}${location.search}`;
    const lang = navigator.language?.slice(0, LIMITS.lang);
    return {
      sessionId: getSessionId(),
      path: location.pathname.slice(0, LIMITS.path),
      url: url.slice(0, LIMITS.url),
      referrer: (previousUrl ?? document.referrer).slice(0, LIMITS.referrer),
      utm: utmFrom(location.search),
      ...(lang ? { lang } : {}),
      screen: currentScreen(),
    };
  }

  return {
    /** Sends a page view unless tracking is off or the same page was sent within the last second. */
    trackPageView(location: PageLocation = window.location): boolean {
      if (!isTrackingAllowed()) return false;
      const key = `${location.pathname}${location.search}`;
      const now = Date.now();
      if (lastPageView && lastPageView.key === key && now - lastPageView.at < ANALYTICS_DUPLICATE_WINDOW_MS) {
        return false;
      }
      const event: AnalyticsEvent = { type: 'pageview', ...baseEvent(location) };
      lastPageView = { key, at: now };
      previousUrl = event.url;
      send(event);
      return true;
    },

    /** Sends a named event about the current page (an add to cart, a search) unless tracking is off. */
    trackEvent(name: string, data?: AnalyticsEventData): boolean {
      if (!isTrackingAllowed()) return false;
      const trimmed = name.trim().slice(0, LIMITS.eventName);
      if (!trimmed) return false;
      send({
        type: 'event',
        ...baseEvent(window.location),
        event: data ? { name: trimmed, data } : { name: trimmed },
      });
      return true;
    },
  };
}

const defaultClient = createAnalyticsClient();

/** Sends a page view for the given location (the router's, by default the window's). */
export const trackPageView = (location?: PageLocation) => defaultClient.trackPageView(location);

/** Sends an anonymous named event, such as `trackEvent('add_to_cart', { productId })`. */
export const trackEvent = (name: string, data?: AnalyticsEventData) => defaultClient.trackEvent(name, data);

export { setAnalyticsOptOut } from './privacy';
