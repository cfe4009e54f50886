import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { buildProduct, insertProducts } from '../db/factories/product.factory';
import { createCatalogRepository } from '../modules/catalog/catalog.repository';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { createCatalogService } from '../modules/catalog/catalog.service';
import { errorHandler } from '../plugins/error-handler';
import { createTestApp, type TestApp } from './test-app';

/** CATALOG_CACHE_SECONDS as these tests set it. */
const TTL_SECONDS = 30;

let t: TestApp;
/** The catalog routes alone, on the same database, with a clock the tests move instead of sleeping. */
let clocked: FastifyInstance;
let clock = 1_000_000;

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_SECONDS: String(TTL_SECONDS) });
  clocked = Fastify({ logger: false });
  clocked.setValidatorCompiler(validatorCompiler);
  clocked.setSerializerCompiler(serializerCompiler);
  await clocked.register(errorHandler);
  await clocked.register(catalogRoutes, {
    catalog: createCatalogService(createCatalogRepository(t.database.db), {
      cacheSeconds: TTL_SECONDS,
      now: () => clock,
    }),
    cacheSeconds: TTL_SECONDS,
  });
  await clocked.ready();
  await insertProducts(t.database.db, [
    buildProduct({ name: 'Cotton Kurta', gender: 'Men', category: 'Clothing', type: 'Kurta' }),
  ]);
});
afterAll(async () => {
  await clocked.close();
  await t.close();
});

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

const namesOf = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

describe('catalog read cache (CATALOG_CACHE_SECONDS)', () => {
  it('serves a repeated search and suggestion from memory until the time to live has passed', async () => {
    const search = `${API.catalog.search}?name=kurta`;
    const suggest = `${API.catalog.autocomplete}?q=kurta`;
    expect(namesOf((await get(clocked, search)).json())).toEqual(['Cotton Kurta']);
    expect((await get(clocked, suggest)).json()).toEqual([{ _id: expect.any(String), name: 'Cotton Kurta' }]);

    await insertProducts(t.database.db, [
      buildProduct({ name: 'Silk Kurta', gender: 'Men', category: 'Clothing', type: 'Kurta' }),
    ]);
    clock += TTL_SECONDS * 1000 - 1;
    const cached = (await get(clocked, search)).json();
    expect(namesOf(cached)).toEqual(['Cotton Kurta']);
    expect(cached.total).toBe(1);
    expect((await get(clocked, suggest)).json()).toHaveLength(1);
    // The same query spelt differently is the same entry: the key is the query the database sees.
    expect(namesOf((await get(clocked, `${API.catalog.search}?name=%20kurta%20&page=1`)).json())).toEqual([
      'Cotton Kurta',
    ]);
    // A query not asked before reads the database at once.
    expect(namesOf((await get(clocked, `${API.catalog.search}?name=silk`)).json())).toEqual(['Silk Kurta']);

    clock += 2;
    const fresh = (await get(clocked, search)).json();
    expect(namesOf(fresh).sort()).toEqual(['Cotton Kurta', 'Silk Kurta']);
    expect(fresh.total).toBe(2);
    expect((await get(clocked, suggest)).json()).toHaveLength(2);
  });

  it('keeps the category tree with its ETag, answers 304 to it, and changes both after the time to live', async () => {
    const first = await get(clocked, API.catalog.categoryTree);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(Object.keys(first.json())).toEqual(['Men']);

    await insertProducts(t.database.db, [
      buildProduct({ name: 'Silk Saree', gender: 'Women', category: 'Clothing', type: 'Saree' }),
    ]);
    const revalidated = await get(clocked, API.catalog.categoryTree, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    clock += TTL_SECONDS * 1000 + 1;
    const stale = await get(clocked, API.catalog.categoryTree, { 'if-none-match': etag });
    expect(stale.statusCode).toBe(200);
    expect(Object.keys(stale.json())).toEqual(['Men', 'Women']);
    const newEtag = String(stale.headers.etag);
    expect(newEtag).not.toBe(etag);
    expect((await get(clocked, API.catalog.categoryTree, { 'if-none-match': newEtag })).statusCode).toBe(304);
  });

  it('keeps the home sections for the time to live too', async () => {
    const before = (await get(clocked, API.catalog.home)).json();
    await insertProducts(t.database.db, [buildProduct({ name: 'Linen Shirt', type: 'Shirt' })]);
    expect((await get(clocked, API.catalog.home)).json()).toEqual(before);
    clock += TTL_SECONDS * 1000 + 1;
    const after = (await get(clocked, API.catalog.home)).json();
    expect(after.newArrivals[0].name).toBe('Linen Shirt');
  });

  it('sends a cached answer compressed once, as the compression plugin would', async () => {
    const url = `${API.catalog.search}?name=kurta&limit=100`;
    const plain = await get(clocked, url);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const first = await get(clocked, url, { 'accept-encoding': accept });
      const again = await get(clocked, url, { 'accept-encoding': accept });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(again.rawPayload).toEqual(first.rawPayload);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(first.rawPayload) : gunzipSync(first.rawPayload);
      expect(JSON.parse(decoded.toString())).toEqual(plain.json());
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('never caches the product page: its stock is read on every request', async () => {
    const [id] = await insertProducts(t.database.db, [
      buildProduct({ name: 'Denim Jeans', variants: [{ color: 'Blue', size: '32', countInStock: 4 }] }),
    ]);
    expect((await get(clocked, API.catalog.product(id as string))).json().countInStock).toBe(4);
    // A sale took the stock: the next product page shows it at once.
    await t.database.db.execute(sql`update product_variants set count_in_stock = 0 where product_id = ${id}`);
    expect((await get(clocked, API.catalog.product(id as string))).json().countInStock).toBe(0);
  });

  it('is switched on by CATALOG_CACHE_SECONDS in the real app', async () => {
    const url = `${API.catalog.search}?name=pashmina`;
    expect((await get(t.app, url)).json().total).toBe(0);
    await insertProducts(t.database.db, [buildProduct({ name: 'Pashmina Shawl', type: 'Shawl' })]);
    // Within the 30 seconds the answer is the remembered one; the tests with the default (0) see it at once.
    expect((await get(t.app, url)).json().total).toBe(0);
    expect((await get(t.app, `${API.catalog.search}?name=shawl`)).json().total).toBe(1);
  });
});
