import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../common/schemas/catalog';
import { buildProduct, insertProducts, type ProductInput } from '../db/factories/product.factory';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

const saree = (name: string, price: number, color: string, soldCount = 0): Partial<ProductInput> => ({
  name,
  description: 'Handwoven with a zari border.',
  gender: 'Women',
  category: 'Clothing',
  subCategory: 'Sarees',
  type: 'Banarasi',
  price,
  mrp: price,
  soldCount,
  variants: [{ color, size: 'Free', countInStock: 5 }],
});

/** A small shop: sarees at both sides of ₹1,000, and things that only mention sarees or are red. */
const catalog: Record<string, Partial<ProductInput>> = {
  redCotton: saree('Cotton Saree', 899, 'Red', 40),
  redSilk: saree('Silk Saree', 2499, 'Red', 90),
  greenCotton: saree('Mulmul Saree', 950, 'Green', 10),
  // The best seller of all, but archived: the shop never shows it.
  archived: saree('Retired Saree', 999, 'Red', 1000),
  pinkSilk: saree('Katan Silk Saree', 1499, 'Rani Pink', 5),
  dupatta: {
    name: 'Bandhani Dupatta',
    description: 'Drape it with a plain saree.',
    gender: 'Women',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Dupatta',
    price: 600,
    mrp: 600,
    variants: [{ color: 'Red', size: 'Free', countInStock: 5 }],
  },
  kurta: {
    name: 'Linen Kurta',
    gender: 'Men',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    price: 700,
    mrp: 900,
    soldCount: 60,
    variants: [{ color: 'Red', size: 'M', countInStock: 5 }],
  },
  silkKurta: {
    name: 'Silk Kurta',
    gender: 'Men',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    price: 1800,
    mrp: 1800,
    variants: [{ color: 'Ivory', size: 'L', countInStock: 5 }],
  },
  soldOut: {
    name: 'Velvet Kurta',
    gender: 'Men',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    price: 2200,
    mrp: 2200,
    soldCount: 500,
    variants: [{ color: 'Maroon', size: 'L', countInStock: 0 }],
  },
};
const keys = Object.keys(catalog);
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const stored = await insertProducts(
    t.database.db,
    keys.map((k) => buildProduct(catalog[k])),
  );
  keys.forEach((k, i) => {
    ids[k] = stored[i] as string;
  });
  await t.database.db.execute(sql`update products set status = 'archived' where id = ${ids.archived}`);
});
afterAll(() => t.close());

async function search(query: string): Promise<SearchResult> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/search?${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json();
}
const byName = (name: string) => search(`name=${encodeURIComponent(name)}`);
const found = (result: SearchResult) => result.products.map((p) => p._id).sort();
const keysOf = (...k: string[]) => k.map((key) => ids[key]).sort();

describe('search: phrases', () => {
  it('reads "red saree under 1000" as colour Red, the sub-category Sarees and at most ₹1,000', async () => {
    const result = await byName('red saree under 1000');
    expect(result.understood).toEqual({ color: 'Red', subCategory: 'Sarees', maxPrice: 1000 });
    // Not the red dupatta that mentions a saree, nor the red kurta, nor the green or dearer sarees.
    expect(found(result)).toEqual(keysOf('redCotton'));
    // The same search as the filters it was read as.
    expect(found(await search('subCategory=Sarees&color=Red&maxPrice=1000'))).toEqual(found(result));
  });

  it.each([
    ['saree above 1000', { minPrice: 1000 }, ['redSilk', 'pinkSilk']],
    ['saree over ₹1,000', { minPrice: 1000 }, ['redSilk', 'pinkSilk']],
    ['saree 1000 and above', { minPrice: 1000 }, ['redSilk', 'pinkSilk']],
    ['saree below 950', { maxPrice: 950 }, ['redCotton', 'greenCotton']],
    ['saree under rs 950', { maxPrice: 950 }, ['redCotton', 'greenCotton']],
    ['saree under Rs.900', { maxPrice: 900 }, ['redCotton']],
    ['saree ₹900', { maxPrice: 900 }, ['redCotton']],
    ['saree under 1k', { maxPrice: 1000 }, ['redCotton', 'greenCotton']],
    ['saree upto 1.5k', { maxPrice: 1500 }, ['redCotton', 'greenCotton', 'pinkSilk']],
    ['saree 1000 se kam', { maxPrice: 1000 }, ['redCotton', 'greenCotton']],
    ['saree between 900 and 1500', { minPrice: 900, maxPrice: 1500 }, ['greenCotton', 'pinkSilk']],
    ['saree between ₹1,500 and ₹900', { minPrice: 900, maxPrice: 1500 }, ['greenCotton', 'pinkSilk']],
    ['saree 900-1500', { minPrice: 900, maxPrice: 1500 }, ['greenCotton', 'pinkSilk']],
    ['saree from 900 to 1500', { minPrice: 900, maxPrice: 1500 }, ['greenCotton', 'pinkSilk']],
  ])('reads the price of "%s"', async (text, price, expected) => {
    const result = await byName(text);
    expect(result.understood).toEqual({ subCategory: 'Sarees', ...price });
    expect(found(result)).toEqual(keysOf(...expected));
  });

  it('keeps the rest of the words as the text query, as typed', async () => {
    const result = await byName('silk saree above 1000');
    expect(result.understood).toEqual({ name: 'silk', subCategory: 'Sarees', minPrice: 1000 });
    expect(found(result)).toEqual(keysOf('redSilk', 'pinkSilk'));
  });

  it('reads who it is for and drops the joining words', async () => {
    const result = await byName('kurta for men under 1k');
    expect(result.understood).toEqual({ type: 'Kurta', gender: 'Men', maxPrice: 1000 });
    expect(found(result)).toEqual(keysOf('kurta'));
  });

  it('reads a multi-word colour', async () => {
    const result = await byName('rani pink saree');
    expect(result.understood).toEqual({ color: 'Rani Pink', subCategory: 'Sarees' });
    expect(found(result)).toEqual(keysOf('pinkSilk'));
  });

  it('searches a single word as text, and a phrase with nothing to read without `understood`', async () => {
    const red = await byName('red');
    expect(red.understood).toBeUndefined();
    expect(red.total).toBe(0);
    const silk = await byName('silk saree');
    expect(silk.understood).toEqual({ name: 'silk', subCategory: 'Sarees' });
    const plain = await byName('zari border');
    expect(plain.understood).toBeUndefined();
    expect(found(plain)).toEqual(keysOf('redCotton', 'redSilk', 'greenCotton', 'pinkSilk'));
  });

  it('leaves filters set in the URL alone: their words are searched as text', async () => {
    const result = await search(`name=${encodeURIComponent('red saree')}&color=Green`);
    expect(result.understood).toEqual({ name: 'red', subCategory: 'Sarees' });
    expect(result.total).toBe(0);
    const cheaper = await search(`name=${encodeURIComponent('saree under 1000')}&maxPrice=900`);
    expect(cheaper.understood).toEqual({ name: 'under 1000', subCategory: 'Sarees' });
  });

  it('answers the understood filters with the rest of the words so that searching them again is the same search', async () => {
    const first = await byName('silk kurta for men above 1000');
    expect(first.understood).toEqual({ name: 'silk', type: 'Kurta', gender: 'Men', minPrice: 1000 });
    const { name, ...filters } = first.understood ?? {};
    const again = await search(
      new URLSearchParams({
        name: name ?? '',
        ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])),
      }).toString(),
    );
    expect(again.understood).toBeUndefined();
    expect(found(again)).toEqual(found(first));
    expect(found(again)).toEqual(keysOf('silkKurta'));
  });
});

describe('search: nothing found', () => {
  it('offers the nearest categories and their popular products on sale, in stock first', async () => {
    const result = await byName('red saree under 500');
    expect(result.total).toBe(0);
    expect(result.alternatives?.categories).toEqual([
      { label: 'Sarees for Women', gender: 'Women', category: 'Clothing', subCategory: 'Sarees' },
    ]);
    expect(result.alternatives?.products.map((p) => p.name)).toEqual([
      'Silk Saree',
      'Cotton Saree',
      'Mulmul Saree',
      'Katan Silk Saree',
    ]);
  });

  it('offers the categories of the filters set when no word is left', async () => {
    const result = await search('subCategory=Sarees&color=Red&maxPrice=100');
    expect(result.total).toBe(0);
    expect(result.alternatives?.categories.map((c) => c.label)).toEqual([
      'Sarees for Women',
      'Banarasi Sarees for Women',
    ]);
  });

  it('offers the best sellers of the shop, in stock first, when nothing is near', async () => {
    const result = await byName('xyzzy');
    expect(result.alternatives?.categories).toEqual([]);
    const names = result.alternatives?.products.map((p) => p.name) ?? [];
    expect(names.slice(0, 3)).toEqual(['Silk Saree', 'Linen Kurta', 'Cotton Saree']);
    expect(names.at(-1)).toBe('Velvet Kurta');
  });

  it('answers no alternatives when something was found', async () => {
    expect((await byName('saree')).alternatives).toBeUndefined();
  });
});
