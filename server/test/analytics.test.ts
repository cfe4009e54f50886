import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { ANALYTICS_MAX_BODY_BYTES, type AnalyticsEvent } from '../../common/schemas/analytics';
import { ANALYTICS_RATE_LIMIT_PER_MINUTE } from '../modules/analytics/analytics.routes';
import { analyticsEvents } from '../modules/analytics/analytics.schema';
import { createClient, createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newSessionId = () => randomBytes(16).toString('hex');

let lastOctet = 0;
/** Each test speaks from its own address so the per-address rate limit of one test leaves the others alone. */
const newAddress = () => `10.0.0.${++lastOctet}`;

function pageView(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    type: 'pageview',
    sessionId: newSessionId(),
    path: '/search',
    url: 'https://shop.example/search?gender=Women&utm_source=newsletter',
    referrer: 'https://www.google.com/',
    utm: { source: 'newsletter', medium: 'email' },
    lang: 'en-IN',
    screen: { w: 390, h: 844, dpr: 3 },
    ...overrides,
  };
}

function collect(payload: string, options: { contentType?: string; headers?: Record<string, string> } = {}) {
  const request: InjectOptions = {
    method: 'POST',
    url: API.analytics.collect,
    remoteAddress: newAddress(),
    headers: { 'content-type': options.contentType ?? 'application/json', ...options.headers },
    payload,
  };
  return t.app.inject(request);
}

const rowsOf = (sessionId: string) =>
  t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));

describe('POST /api/analytics/collect', () => {
  it('stores a JSON page view without a CSRF token and answers 204', async () => {
    const event = pageView();
    const res = await collect(JSON.stringify(event));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const rows = await rowsOf(event.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'pageview', sessionId: event.sessionId, path: '/search' });
    expect(rows[0]?.payload).toEqual({
      url: event.url,
      referrer: event.referrer,
      utm: event.utm,
      lang: 'en-IN',
      screen: { w: 390, h: 844, dpr: 3 },
    });
    expect(rows[0]?.receivedAt).toBeInstanceOf(Date);
  });

  it('accepts what navigator.sendBeacon sends: JSON in a text/plain body', async () => {
    const event = pageView({
      type: 'event',
      event: { name: 'add_to_cart', data: { productId: 'p1', qty: 2 } },
    });
    const res = await collect(JSON.stringify(event), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(204);

    const rows = await rowsOf(event.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.type).toBe('event');
    expect(rows[0]?.payload).toMatchObject({
      event: { name: 'add_to_cart', data: { productId: 'p1', qty: 2 } },
    });
  });

  it('keeps no client address, user or cookie in the stored row', async () => {
    const event = pageView();
    await collect(JSON.stringify(event), { headers: { cookie: 'sid=abc' } });
    const [row] = await rowsOf(event.sessionId);
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'id',
      'path',
      'payload',
      'receivedAt',
      'sessionId',
      'type',
    ]);
    expect(JSON.stringify(row)).not.toMatch(/10\.0\.0\.|sid=abc/);
  });

  it('drops fields the event shape does not name', async () => {
    const event = pageView();
    await collect(JSON.stringify({ ...event, userId: 'u1', ip: '1.2.3.4' }));
    const [row] = await rowsOf(event.sessionId);
    expect(row?.payload).not.toHaveProperty('userId');
    expect(row?.payload).not.toHaveProperty('ip');
  });

  it('answers 204 but stores nothing when the browser sends DNT: 1 or Sec-GPC: 1', async () => {
    const dnt = pageView();
    const gpc = pageView();
    expect((await collect(JSON.stringify(dnt), { headers: { dnt: '1' } })).statusCode).toBe(204);
    expect((await collect(JSON.stringify(gpc), { headers: { 'sec-gpc': '1' } })).statusCode).toBe(204);
    expect(await rowsOf(dnt.sessionId)).toHaveLength(0);
    expect(await rowsOf(gpc.sessionId)).toHaveLength(0);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const event = pageView({ referrer: 'x'.repeat(ANALYTICS_MAX_BODY_BYTES) });
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await collect(JSON.stringify(event), { contentType });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The request body is too large.');
    }
    expect(await rowsOf(event.sessionId)).toHaveLength(0);
  });

  it('answers 422 naming each invalid field', async () => {
    const res = await collect(
      JSON.stringify({
        type: 'click',
        sessionId: 'not-hex',
        path: 'search',
        url: 'javascript:alert(1)',
        screen: { w: -1, h: 800, dpr: 2 },
        utm: { source: 's'.repeat(201) },
      }),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('Please correct the highlighted fields.');
    const paths = body.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['path', 'screen.w', 'sessionId', 'type', 'url', 'utm.source']);
    for (const error of body.errors) expect(error.msg).toEqual(expect.any(String));
  });

  it('answers 422 on the event field when an event has no name, or a page view carries one', async () => {
    for (const event of [pageView({ type: 'event' }), pageView({ event: { name: 'x' } })]) {
      const res = await collect(JSON.stringify(event));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'event', msg: expect.any(String) }]);
    }
  });

  it('accepts a session id only as 32 lowercase hex characters', async () => {
    for (const sessionId of ['a'.repeat(31), 'a'.repeat(33), 'G'.repeat(32)]) {
      const res = await collect(JSON.stringify(pageView({ sessionId })));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'sessionId', msg: expect.any(String) }]);
    }
  });

  it('answers malformed JSON with 400 whether it comes as JSON or as a beacon', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await collect('{"type": ', { contentType });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON.');
    }
  });

  it('refuses other content types with 415', async () => {
    const res = await collect('type=pageview', { contentType: 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
  });

  it('needs no CSRF token, even from a browser that holds a CSRF cookie', async () => {
    const client = createClient(t.app);
    await client.fetchCsrf();
    const event = pageView();
    const res = await client.request({
      method: 'POST',
      url: API.analytics.collect,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(event),
      csrf: false,
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(event.sessionId)).toHaveLength(1);
  });

  it(`answers 429 with a clear message after ${ANALYTICS_RATE_LIMIT_PER_MINUTE} events a minute from one address`, async () => {
    const remoteAddress = newAddress();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: API.analytics.collect,
        remoteAddress,
        headers: { 'content-type': 'application/json', dnt: '1' },
        payload: JSON.stringify(pageView()),
      });
    for (let i = 0; i < ANALYTICS_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await send()).statusCode).toBe(204);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(
        /^Too many analytics events from this address\. Try again in \d+ seconds?\.$/,
      ),
      code: 'RATE_LIMITED',
    });
    expect(limited.headers['retry-after']).toBeDefined();

    const otherAddress = await collect(JSON.stringify(pageView()));
    expect(otherAddress.statusCode).toBe(204);
  });
});
