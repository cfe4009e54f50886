import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImageUrl } from '../../common/images';
import { buildDemoCatalog } from '../db/demo/demo-catalog';
import { imageFilePaths } from '../db/demo/product-images';
import { type SeedResult, seedIfEmpty } from '../db/seed';
import { products, productVariants } from '../modules/catalog/catalog.schema';
import { createTestApp, type TestApp } from './test-app';

const SEED_TIMEOUT = 240_000;
const quiet = { info: () => {} };
const demo = buildDemoCatalog();
const demoUrls = demo.flatMap((p) => p.images);

let t: TestApp;
let first: SeedResult;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'demo' });
  first = await seedIfEmpty({ db: t.database.db, config: t.config, log: quiet });
}, SEED_TIMEOUT);
afterAll(() => t?.close());

const countRows = async () => {
  const [p] = await t.database.db.select({ n: count() }).from(products);
  const [v] = await t.database.db.select({ n: count() }).from(productVariants);
  return { products: p?.n, variants: v?.n };
};

describe('seedIfEmpty on an empty database', () => {
  it('inserts the whole demo catalog with its variants', async () => {
    expect(first.inserted).toBe(demo.length);
    expect(await countRows()).toEqual({
      products: demo.length,
      variants: demo.reduce((n, p) => n + p.variants.length, 0),
    });
    const stored = await t.database.db.select({ images: products.images }).from(products);
    expect(stored.flatMap((r) => r.images).sort()).toEqual([...demoUrls].sort());
  });

  it('draws a large and a small file for every image', () => {
    expect(first.imagesGenerated).toBe(demoUrls.length);
    for (const url of demoUrls) {
      const files = imageFilePaths(t.config.dataDir, url);
      expect(files && existsSync(files.lg) && existsSync(files.sm), url).toBe(true);
    }
  });

  it('serves the images at their URLs as WebP with a long cache', async () => {
    const url = demoUrls[0] as string;
    for (const path of [url, productImageUrl(url, 'sm')]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
  });
});

describe('seedIfEmpty on later starts', () => {
  it('inserts nothing and draws nothing when the shop is seeded', async () => {
    const again = await seedIfEmpty({ db: t.database.db, config: t.config, log: quiet });
    expect(again).toMatchObject({ inserted: 0, imagesGenerated: 0, imagesPresent: demoUrls.length });
    expect((await countRows()).products).toBe(demo.length);
  });

  it(
    'redraws image files that went missing',
    async () => {
      const lost = demoUrls.slice(0, 3);
      for (const url of lost) {
        const files = imageFilePaths(t.config.dataDir, url);
        await rm(files?.lg as string);
      }
      const repaired = await seedIfEmpty({ db: t.database.db, config: t.config, log: quiet });
      expect(repaired).toMatchObject({ inserted: 0, imagesGenerated: 3 });
      const res = await t.app.inject({ method: 'GET', url: lost[0] as string });
      expect(res.statusCode).toBe(200);
    },
    SEED_TIMEOUT,
  );

  it('does nothing when SEED=none', async () => {
    await rm(imageFilePaths(t.config.dataDir, demoUrls[0] as string)?.sm as string);
    const none = await seedIfEmpty({ db: t.database.db, config: { ...t.config, SEED: 'none' }, log: quiet });
    expect(none).toMatchObject({ inserted: 0, imagesGenerated: 0 });
  });
});
