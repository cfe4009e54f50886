import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { AUTOCOMPLETE_MAX_RESULTS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../common/constants';
import { buildProduct, insertProducts } from '../db/factories/product.factory';
import { createTestApp, type TestApp } from './test-app';

/** More products than the largest page, to show where the caps bite. */
const COUNT = 130;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertProducts(
    t.database.db,
    Array.from({ length: COUNT }, (_, i) =>
      buildProduct({
        name: `Festive Tee ${i + 1}`,
        type: i % 2 === 0 ? 'T-Shirt' : 'Tank Top',
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      }),
    ),
  );
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

describe('page size caps', () => {
  it('answers the default page size when no limit is given', async () => {
    const body = await get(API.catalog.products);
    expect(body.products).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(body).toMatchObject({ page: 1, total: COUNT, pages: Math.ceil(COUNT / DEFAULT_PAGE_SIZE) });
  });

  it('caps a huge limit at the largest page for lists and search', async () => {
    const list = await get(`${API.catalog.products}?limit=100000`);
    expect(list.products).toHaveLength(MAX_PAGE_SIZE);
    expect(list.pages).toBe(2);
    const found = await get(`${API.catalog.search}?name=festive&limit=100000`);
    expect(found.products).toHaveLength(MAX_PAGE_SIZE);
    expect(found).toMatchObject({ total: COUNT, pages: 2 });
    const rest = await get(`${API.catalog.search}?name=festive&limit=100000&page=2`);
    expect(rest.products).toHaveLength(COUNT - MAX_PAGE_SIZE);
  });

  it('walks every product exactly once across pages', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const body = await get(`${API.catalog.search}?limit=25&page=${page}&sort=price_asc`);
      seen.push(...body.products.map((p: { _id: string }) => p._id));
    }
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
  });

  it('answers at most 10 suggestions', async () => {
    const items = await get(`${API.catalog.autocomplete}?q=festive`);
    expect(items).toHaveLength(AUTOCOMPLETE_MAX_RESULTS);
    const tees = await get(`${API.catalog.autocomplete}?q=tee`);
    expect(tees).toHaveLength(AUTOCOMPLETE_MAX_RESULTS);
  });

  it('keeps the home sections small', async () => {
    const home = await get(API.catalog.home);
    expect(home.newArrivals).toHaveLength(12);
    expect(home.newArrivals[0].name).toBe(`Festive Tee ${COUNT}`);
    expect(home.deals).toHaveLength(12);
    expect(home.bestSellers).toEqual([]);
  });
});
