import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { ANALYTICS_DUPLICATE_WINDOW_MS, STORAGE_KEYS } from '../../../common/constants';
import { type AnalyticsEvent, analyticsEventSchema } from '../../../common/schemas/analytics';
import { createAnalyticsClient, setAnalyticsOptOut } from './analytics-client';
import { sendAnalyticsEvent } from './send-event';
import { clearSessionId } from './session-id';

/** Sets a navigator or window property jsdom does not have, remembering it for removal. */
const defined: [object, string][] = [];
function define(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  defined.push([target, key]);
}

/** jsdom's Blob has no text(); FileReader is how it reads one. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

let sent: AnalyticsEvent[];
let client: ReturnType<typeof createAnalyticsClient>;

beforeEach(() => {
  clearSessionId();
  sent = [];
  client = createAnalyticsClient((event) => sent.push(event));
});

afterEach(() => {
  for (const [target, key] of defined.splice(0)) Reflect.deleteProperty(target, key);
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('page views', () => {
  it('sends one per page and drops the same page again within 1 second', () => {
    vi.useFakeTimers();
    expect(client.trackPageView({ pathname: '/search', search: '?gender=Men' })).toBe(true);
    vi.advanceTimersByTime(ANALYTICS_DUPLICATE_WINDOW_MS - 1);
    expect(client.trackPageView({ pathname: '/search', search: '?gender=Men' })).toBe(false);
    expect(sent).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(client.trackPageView({ pathname: '/search', search: '?gender=Men' })).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('counts a changed query or path as a new page, even within the window', () => {
    vi.useFakeTimers();
    client.trackPageView({ pathname: '/search', search: '?gender=Men' });
    client.trackPageView({ pathname: '/search', search: '?gender=Women' });
    client.trackPageView({ pathname: '/cart', search: '' });
    client.trackPageView({ pathname: '/search', search: '?gender=Men' });
    expect(sent.map((e) => e.url)).toEqual([
      'http://localhost:3000/search?gender=Men',
      'http://localhost:3000/search?gender=Women',
      'http://localhost:3000/cart',
      'http://localhost:3000/search?gender=Men',
    ]);
  });

  it('carries the SPEC.md §3 fields and passes the server schema', () => {
    define(window, 'devicePixelRatio', 2.625);
    define(window.screen, 'width', 412);
    define(window.screen, 'height', 915);
    define(navigator, 'language', 'hi-IN');
    client.trackPageView({
      pathname: '/products/abc',
      search:
        '?utm_source=instagram&utm_medium=social&utm_campaign=diwali&utm_term=kurta&utm_content=reel&x=1',
    });
    const [event] = sent;
    expect(analyticsEventSchema.parse(event)).toEqual(event);
    expect(event).toEqual({
      type: 'pageview',
      sessionId: localStorage.getItem(STORAGE_KEYS.analyticsSession),
      path: '/products/abc',
      url: expect.stringMatching(/^http:\/\/localhost:3000\/products\/abc\?utm_source=instagram/),
      referrer: '',
      utm: { source: 'instagram', medium: 'social', campaign: 'diwali', term: 'kurta', content: 'reel' },
      lang: 'hi-IN',
      screen: { w: 412, h: 915, dpr: 2.63 },
    });
  });

  it('names the previous in-app page as the referrer of the next page view', () => {
    client.trackPageView({ pathname: '/', search: '' });
    client.trackPageView({ pathname: '/search', search: '?name=kurta' });
    expect(sent[1]?.referrer).toBe('http://localhost:3000/');
  });

  it('trims overlong values to what the server accepts', () => {
    const long = 'a'.repeat(5000);
    client.trackPageView({ pathname: `/${long}`, search: `?utm_source=${long}` });
    expect(analyticsEventSchema.safeParse(sent[0]).success).toBe(true);
  });
});

describe('events', () => {
  it('sends a named event with its data about the current page', () => {
    window.history.replaceState(null, '', '/products/p1');
    expect(client.trackEvent('add_to_cart', { productId: 'p1', quantity: 2, gift: false })).toBe(true);
    const [event] = sent;
    expect(analyticsEventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      type: 'event',
      path: '/products/p1',
      event: { name: 'add_to_cart', data: { productId: 'p1', quantity: 2, gift: false } },
    });
  });

  it('is not deduplicated: two clicks are two events', () => {
    client.trackEvent('like');
    client.trackEvent('like');
    expect(sent).toHaveLength(2);
  });

  it('sends nothing for a blank name', () => {
    expect(client.trackEvent('   ')).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe('privacy', () => {
  it('sends nothing, and stores no session id, once the visitor opted out', () => {
    setAnalyticsOptOut(true);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsOptOut)).toBe('1');
    expect(client.trackPageView({ pathname: '/', search: '' })).toBe(false);
    expect(client.trackEvent('like')).toBe(false);
    expect(sent).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsSession)).toBeNull();
  });

  it('forgets the session id when opting out and sends again after opting back in', () => {
    client.trackPageView({ pathname: '/', search: '' });
    expect(localStorage.getItem(STORAGE_KEYS.analyticsSession)).not.toBeNull();
    setAnalyticsOptOut(true);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsSession)).toBeNull();
    setAnalyticsOptOut(false);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsOptOut)).toBeNull();
    expect(client.trackPageView({ pathname: '/cart', search: '' })).toBe(true);
  });

  it.each([
    ['navigator.doNotTrack', () => define(navigator, 'doNotTrack', '1')],
    ['window.doNotTrack', () => define(window, 'doNotTrack', '1')],
    ['navigator.globalPrivacyControl', () => define(navigator, 'globalPrivacyControl', true)],
  ])('sends nothing when the browser signals %s', (_signal, signal) => {
    signal();
    expect(client.trackPageView({ pathname: '/', search: '' })).toBe(false);
    expect(client.trackEvent('like')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('still sends when doNotTrack is explicitly off', () => {
    define(navigator, 'doNotTrack', '0');
    expect(client.trackPageView({ pathname: '/', search: '' })).toBe(true);
  });
});

describe('transport', () => {
  const event: AnalyticsEvent = {
    type: 'pageview',
    sessionId: 'c0ffee'.padEnd(32, '0'),
    path: '/',
    url: 'http://localhost:3000/',
    referrer: '',
  };

  it('uses navigator.sendBeacon with a text/plain Blob holding the JSON event', async () => {
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    define(navigator, 'sendBeacon', beacon);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    sendAnalyticsEvent(event);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] ?? [];
    expect(url).toBe(API.analytics.collect);
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).type).toBe('text/plain');
    expect(analyticsEventSchema.parse(JSON.parse(await readBlob(blob as Blob)))).toEqual(event);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['there is no beacon', () => {}],
    ['the beacon refuses to queue', () => define(navigator, 'sendBeacon', () => false)],
  ])('falls back to a keepalive fetch with credentials when %s', (_case, setUp) => {
    setUp();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    sendAnalyticsEvent(event);
    expect(fetchSpy).toHaveBeenCalledWith(API.analytics.collect, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    });
  });

  it('swallows a failed fetch so the page is never disturbed', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    expect(() => sendAnalyticsEvent(event)).not.toThrow();
    await expect(fetchSpy.mock.results[0]?.value).rejects.toThrow('offline');
  });
});
