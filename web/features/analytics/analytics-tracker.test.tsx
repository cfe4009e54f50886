import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { analyticsEventSchema } from '../../../common/schemas/analytics';
import { renderWithApp } from '../../testing/render-with-app';
import { AnalyticsTracker } from './analytics-tracker';
import { clearSessionId } from './session-id';

let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

beforeEach(() => {
  clearSessionId();
  beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.useRealTimers();
});

function renderAt(path: string) {
  return renderWithApp(<AnalyticsTracker />, { path }).router;
}

describe('AnalyticsTracker', () => {
  it('sends a page view by beacon on the first route and on every route or query change', async () => {
    vi.useFakeTimers();
    const router = renderAt('/');
    await act(() => router.navigate('/search?gender=Women'));
    await act(() => router.navigate('/search?gender=Men'));
    await act(() => router.navigate('/products/p1'));

    expect(beacon).toHaveBeenCalledTimes(4);
    expect(beacon.mock.calls.every(([url]) => url === API.analytics.collect)).toBe(true);
  });

  it('drops a repeat of the same page within a second, such as a hash change', async () => {
    vi.useFakeTimers();
    const router = renderAt('/search?name=kurta');
    await act(() => router.navigate('/search?name=kurta#reviews'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('sends events the server schema accepts', async () => {
    renderAt('/search?utm_source=newsletter');
    const blob = beacon.mock.calls[0]?.[1] as Blob;
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    const event = analyticsEventSchema.parse(JSON.parse(text));
    expect(event).toMatchObject({ type: 'pageview', path: '/search', utm: { source: 'newsletter' } });
  });
});
