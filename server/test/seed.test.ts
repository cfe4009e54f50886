import { existsSync, readdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productImageUrl } from '../../common/images';
import { buildDemoCatalog } from '../db/demo/demo-catalog';
import { createProductImageRepository } from '../db/demo/product-image.repository';
import { imageFilePaths, renderImageFiles } from '../db/demo/product-images';
import { type SeedResult, seedIfEmpty } from '../db/seed';
import { products, productVariants } from '../modules/catalog/catalog.schema';
import { createTestApp, type TestApp } from './test-app';

// Counts the draws while still drawing for real: the drawer must draw a wanted image exactly once.
vi.mock('../db/demo/product-images', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../db/demo/product-images')>();
  return { ...actual, renderImageFiles: vi.fn(actual.renderImageFiles) };
});
const draws = (url: string) =>
  vi.mocked(renderImageFiles).mock.calls.filter(([, files]) => files.lg === filesOf(url).lg).length;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const quiet = { info: () => {} };
const demo = buildDemoCatalog();
const demoUrls = demo.flatMap((p) => p.images);

let t: TestApp;
let emptyWithSeedNone: SeedResult;
let first: SeedResult;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'demo' });
  emptyWithSeedNone = await seedIfEmpty({
    db: t.database.db,
    config: { ...t.config, SEED: 'none' },
    log: quiet,
  });
  first = await seedIfEmpty({ db: t.database.db, config: t.config, log: quiet });
});
afterAll(() => t?.close());

const countRows = async () => {
  const [p] = await t.database.db.select({ n: count() }).from(products);
  const [v] = await t.database.db.select({ n: count() }).from(productVariants);
  return { products: p?.n, variants: v?.n };
};
const filesOf = (url: string) => {
  const files = imageFilePaths(t.config.dataDir, url);
  if (!files) throw new Error(`not a product image: ${url}`);
  return files;
};
const productsDir = () => path.join(t.config.dataDir, 'images', 'products');
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('seedIfEmpty', () => {
  it('leaves an empty shop empty when SEED=none', () => {
    expect(emptyWithSeedNone).toMatchObject({ inserted: 0, imagesGenerated: 0 });
  });

  it('inserts the whole demo catalog with its variants', async () => {
    expect(first.inserted).toBe(demo.length);
    expect(await countRows()).toEqual({
      products: demo.length,
      variants: demo.reduce((n, p) => n + p.variants.length, 0),
    });
    const stored = await t.database.db
      .select({ images: products.images, imageColors: products.imageColors })
      .from(products);
    const pairs = (rows: { images: string[]; imageColors?: string[] }[]) =>
      rows.flatMap((r) => r.images.map((url, i) => `${url} ${r.imageColors?.[i]}`)).sort();
    expect(pairs(stored)).toEqual(pairs(demo));
    expect(stored.flatMap((r) => r.images).sort()).toEqual([...demoUrls].sort());
  });

  it('draws no pictures before returning, so the server can listen at once', () => {
    expect(first).toMatchObject({ imagesGenerated: 0, imagesPresent: 0 });
    expect(existsSync(productsDir()) ? readdirSync(productsDir()) : []).toEqual([]);
  });

  it('inserts nothing on a later start', async () => {
    const again = await seedIfEmpty({ db: t.database.db, config: t.config, log: quiet });
    expect(again).toMatchObject({ inserted: 0, imagesGenerated: 0 });
    expect((await countRows()).products).toBe(demo.length);
  });
});

describe('product images drawn on demand', () => {
  const url = demoUrls[0] as string;

  it('draws a missing image when it is asked for and serves it as a static file', async () => {
    expect(existsSync(filesOf(url).lg)).toBe(false);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    // Both renditions are written by the one draw.
    expect(existsSync(filesOf(url).lg) && existsSync(filesOf(url).sm)).toBe(true);
    expect(draws(url)).toBe(1);
  });

  it('serves the file on disk on later requests, small rendition included', async () => {
    const before = (await stat(filesOf(url).lg)).mtimeMs;
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    const small = await get(productImageUrl(url, 'sm'));
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(small.rawPayload).metadata();
    expect([width, height]).toEqual([400, 500]);
    expect((await stat(filesOf(url).lg)).mtimeMs).toBe(before);
    expect(draws(url)).toBe(1);
  });

  it('answers HEAD without drawing again', async () => {
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(draws(url)).toBe(1);
  });

  it('draws an image once however many requests ask for it at the same time', async () => {
    const wanted = demoUrls[1] as string;
    const urls = [wanted, wanted, productImageUrl(wanted, 'sm'), wanted, productImageUrl(wanted, 'sm')];
    const answers = await Promise.all(urls.map(get));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[1]?.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true);
    expect(draws(wanted)).toBe(1);
  });

  it('redraws a file that went missing', async () => {
    await rm(filesOf(url).sm);
    const res = await get(productImageUrl(url, 'sm'));
    expect(res.statusCode).toBe(200);
    expect(existsSync(filesOf(url).sm)).toBe(true);
    expect(draws(url)).toBe(2);
  });

  it('answers a JSON 404 for names no product stores or that break the naming rule', async () => {
    for (const bad of [
      '/images/products/../../etc/passwd',
      '/images/products/..%2F..%2Fetc%2Fpasswd',
      '/images/products/nope.webp',
      '/images/products/nope-sm.webp',
      '/images/products/x.png',
      `${(demoUrls[2] as string).slice(0, -'.webp'.length)}.png`,
      (demoUrls[2] as string).toUpperCase(),
      `${demoUrls[2] as string}.tmp`,
      '/images/products/a-sm-sm.webp',
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.headers['content-type'], bad).toMatch(/^application\/json/);
      expect(res.json(), bad).toHaveProperty('message');
    }
    expect(existsSync(filesOf(demoUrls[2] as string).lg)).toBe(false);
  });
});

describe('drawing the missing images in the background', () => {
  /** A few products none of whose pictures are on disk yet, to keep the drawing short. */
  const fewUndrawnProducts = async (n: number) => {
    const all = await createProductImageRepository(t.database.db).listAll();
    return all.filter((job) => job.images.every((u) => !existsSync(filesOf(u).lg))).slice(0, n);
  };

  it('draws every missing image and skips those on disk', async () => {
    const jobs = await fewUndrawnProducts(3);
    const urls = jobs.flatMap((j) => j.images);
    const stats = await t.drawings.productImages.drawMissing({ jobs });
    expect(stats).toMatchObject({ generated: urls.length, present: 0, failed: 0, aborted: false });
    for (const u of urls) expect(existsSync(filesOf(u).lg) && existsSync(filesOf(u).sm), u).toBe(true);
    const again = await t.drawings.productImages.drawMissing({ jobs });
    expect(again).toMatchObject({ generated: 0, present: urls.length });
  });

  it('stops after the image in hand when aborted', async () => {
    const jobs = await fewUndrawnProducts(3);
    const urls = jobs.flatMap((j) => j.images);
    expect(urls.length).toBeGreaterThan(1);
    const stop = new AbortController();
    const stats = await t.drawings.productImages.drawMissing({
      jobs,
      concurrency: 1,
      signal: stop.signal,
      onDrawn: () => stop.abort(),
    });
    expect(stats).toMatchObject({ generated: 1, aborted: true });
    expect(urls.filter((u) => existsSync(filesOf(u).lg))).toHaveLength(1);
    // Nothing half written is left behind.
    expect(readdirSync(productsDir()).filter((f) => !f.endsWith('.webp'))).toEqual([]);
  });
});
