import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
/** Holds the two builds side by side, as `npm run build` writes them: `web` (the shop) and `admin`. */
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'pehnava-dist-'));
  const webRoot = path.join(dist, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(webRoot, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  writeFileSync(path.join(webRoot, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  const adminRoot = path.join(dist, 'admin');
  mkdirSync(path.join(adminRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(adminRoot, 'index.html'), '<!doctype html><div id="root" data-app="admin"></div>');
  writeFileSync(path.join(adminRoot, 'assets', 'main-def456.js'), 'console.log("admin");');
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('never caches index.html and other unhashed files', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('answers page routes with index.html (SPA fallback)', async () => {
    for (const url of ['/', '/search?name=kurta', '/product/123', '/about', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the back office its own page under /admin, and its assets from its own build', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders?status=Pending', '/admin/products/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-app="admin"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/main-def456.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The shop's pages never get the back office, nor the other way round.
    expect((await t.app.inject({ method: 'GET', url: '/administrator' })).body).not.toContain('data-app');
    expect((await t.app.inject({ method: 'GET', url: '/assets/main-def456.js' })).statusCode).toBe(404);
  });

  it('answers 404, never the shop, for paths that look like files or start with a dot', async () => {
    for (const url of [
      '/.env',
      '/.git/config',
      '/%2Eenv',
      '/static/.htpasswd',
      '/.well-known/security.txt',
      '/server/app.ts',
      '/package.json',
      '/wp-login.php',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // A dot in the query string is no file.
    const search = await t.app.inject({ method: 'GET', url: '/search?name=kurta.v2&sort=price_asc' });
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('<div id="root">');
  });

  it('keeps a JSON 404 for unknown API paths and missing files', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No such endpoint: GET /api/nope' });
    const file = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
  });
});
