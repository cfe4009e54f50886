import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { createClient, createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and public config', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.system.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('gives the shop settings without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.system.config });
    expect(res.json()).toEqual({
      shopName: 'Pehnava',
      supportEmail: 'support@pehnava.in',
      supportPhone: '+91 98765 43210',
      whatsappNumber: '919876543210',
      grievanceOfficer: {
        name: 'Asha Menon',
        designation: 'Grievance Officer',
        email: 'grievances@pehnava.in',
        phone: '+91 98765 43211',
      },
      captchaSiteKey: null,
      paymentProvider: 'simulator',
      paymentKeyId: null,
      demo: false,
      shipping: { feeRupees: 49, freeFromRupees: 999, taxPercent: 0 },
    });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.system.health });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CSRF', () => {
  it('hands out a token with a signed, HttpOnly secret cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.users.csrf });
    expect(res.statusCode).toBe(200);
    expect(res.json().csrfToken).toMatch(/\S{20,}/);
    expect(String(res.headers['set-cookie'])).toMatch(/_csrf=.*HttpOnly.*SameSite=Lax/i);
  });

  it('refuses a mutating call without the token with 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.likes.like('x') });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Invalid or missing CSRF token. Reload the page and try again.');
  });

  it('refuses a token that belongs to another browser', async () => {
    const alice = createClient(t.app);
    const token = await alice.fetchCsrf();
    const mallory = createClient(t.app);
    await mallory.fetchCsrf();
    const res = await mallory.request({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'x-csrf-token': token },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a call with a valid token through to the route', async () => {
    const client = createClient(t.app);
    const res = await client.request({ method: 'POST', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and a clear message', async () => {
    const client = createClient(t.app);
    const res = await client.request({
      method: 'POST',
      url: API.analytics.collect,
      headers: { 'content-type': 'application/json' },
      payload: '{"type": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/no-such-thing' });
  });
});

describe('Content-Security-Policy with a captcha provider', () => {
  it('allows Google reCAPTCHA only when it is switched on', async () => {
    const withCaptcha = await createTestApp({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site-key',
    });
    try {
      const res = await withCaptcha.app.inject({ method: 'GET', url: API.system.health });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
      );
      expect(csp).toContain(
        "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
      );
      expect(csp).not.toContain('unsafe-inline');
    } finally {
      await withCaptcha.close();
    }
    const res = await t.app.inject({ method: 'GET', url: API.system.health });
    expect(String(res.headers['content-security-policy'])).not.toContain('google');
  });
});
