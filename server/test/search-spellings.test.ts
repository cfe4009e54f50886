import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSummary, SearchResult } from '../../common/schemas/catalog';
import { buildDemoCatalog } from '../db/demo/demo-catalog';
import { buildProduct, insertProducts } from '../db/factories/product.factory';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertProducts(t.database.db, buildDemoCatalog({ now: new Date('2026-12-01T00:00:00Z') }));
});
afterAll(() => t.close());

async function search(name: string, limit = 5): Promise<SearchResult> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products/search?name=${encodeURIComponent(name)}&limit=${limit}`,
  });
  expect(res.statusCode, name).toBe(200);
  return res.json();
}

const typesOf = (products: ProductSummary[]) => products.map((p) => p.type);
const idsOf = (products: ProductSummary[]) => products.map((p) => p._id);

/** `typed` finds exactly what the catalog's spelling finds, the first result of one of `types`. */
async function findsAs(typed: string, spelt: string, types: string[]) {
  const found = await search(typed, 24);
  const expected = await search(spelt, 24);
  expect(found.total, typed).toBeGreaterThan(0);
  expect(found.total, typed).toBe(expected.total);
  expect(idsOf(found.products), typed).toEqual(idsOf(expected.products));
  expect(types, typed).toContain(found.products[0]?.type);
}

describe('search: common spellings', () => {
  it.each([
    ['lehanga', 'lehenga', ['Lehenga', 'Lehenga Choli']],
    ['lehnga', 'lehenga', ['Lehenga', 'Lehenga Choli']],
    ['kurthi', 'kurti', ['Kurti']],
    ['chudidar', 'churidar', ['Pyjama']],
    ['dupata', 'dupatta', ['Dupatta']],
    ['sherwany', 'sherwani', ['Sherwani']],
    ['jhumki', 'jhumka', ['Earrings']],
    ['juti', 'jutti', ['Juttis']],
    ['mojri', 'mojari', ['Mojari']],
    ['anarkalli', 'anarkali', ['Anarkali']],
    ['shalwar kameez', 'salwar suit', ['Salwar Suit']],
    ['kanjivaram', 'kanjeevaram', ['Kanjeevaram']],
    ['kolapuri', 'kolhapuri', ['Kolhapuri']],
    ['tshirt', 't-shirt', ['T-Shirt']],
  ])('"%s" finds what "%s" finds', async (typed, spelt, types) => {
    await findsAs(typed, spelt, types);
  });

  it('finds the churidar first for "chudidar"', async () => {
    expect((await search('chudidar')).products[0]?.name).toBe('Churidar Cotton Pyjama');
  });

  it('ranks kurtis, not kurtas, first for "kurthi"', async () => {
    const found = await search('kurthi', 10);
    expect(typesOf(found.products)).toEqual(Array(10).fill('Kurti'));
  });
});

describe('search: Hindi and Hinglish names of the main categories', () => {
  // The first results; a description may mention the word further down ("pairs well with a sherwani").
  it.each([
    ['साड़ी', ['Banarasi', 'Bandhani', 'Chanderi', 'Handloom', 'Kanjeevaram']],
    ['साडी', ['Banarasi', 'Bandhani', 'Chanderi', 'Handloom', 'Kanjeevaram']],
    ['कुर्ता', ['Kurta', 'Kurta Set', 'Kurta Pyjama Set', 'Anarkali']],
    ['कुर्ती', ['Kurti']],
    ['लहंगा', ['Lehenga', 'Lehenga Choli']],
    ['दुपट्टा', ['Dupatta']],
    ['शेरवानी', ['Sherwani', 'Mojari', 'Nehru Jacket']],
    ['झुमके', ['Earrings']],
    ['चूड़ियाँ', ['Bangles']],
    [
      'खिलौने',
      ['Teddy', 'Train', 'Lattu', 'Board Game', 'Rag Doll', 'Kitchen Set', 'Stacking Toy', 'Kathputli'],
    ],
    ['राखी', ['Rakhi']],
    ['दीया', ['Diya']],
    ['sadi', ['Banarasi', 'Bandhani', 'Chanderi', 'Handloom', 'Kanjeevaram']],
    ['bartan', ['Kadai', 'Tawa', 'Mug', 'Water Bottle', 'Thali Set', 'Apron']],
    ['ghadi', ['Analog Watch', 'Digital Watch']],
  ])('"%s" finds its category', async (typed, types) => {
    const found = await search(typed);
    expect(found.products.length, typed).toBeGreaterThan(0);
    for (const type of typesOf(found.products)) expect(types, `${typed}: ${type}`).toContain(type);
  });

  it('reads a Hindi phrase: "लाल साड़ी" is a red saree', async () => {
    const found = await search('लाल साड़ी');
    expect(found.understood).toEqual({ color: 'Red', subCategory: 'Sarees' });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBe((await search('red saree')).total);
  });

  it('reads "mardon ke liye kurta" as kurtas for men', async () => {
    const found = await search('mardon ke liye kurta');
    expect(found.understood).toEqual({ name: 'kurta', gender: 'Men' });
    expect(found.products.every((p) => p.gender === 'Men')).toBe(true);
  });
});

describe('search: the synonym table', () => {
  it('takes a row staff add, and searches a term as typed once the catalog uses it', async () => {
    const dupattas = idsOf((await search('dupatta', 24)).products);
    expect(idsOf((await search('odhani', 24)).products)).not.toEqual(dupattas);
    await t.database.db.execute(
      sql`insert into search_synonyms (term, replacement) values ('odhani', 'dupatta')`,
    );
    expect(idsOf((await search('odhani', 24)).products)).toEqual(dupattas);

    // A shop that names a product "Kurthi" wants "kurthi" to find it first, as typed.
    await insertProducts(t.database.db, [buildProduct({ name: 'Mul Cotton Kurthi', type: 'Kurthi' })]);
    expect((await search('kurthi')).products[0]?.name).toBe('Mul Cotton Kurthi');
  });

  it('refuses a term that is not lower case or blank', async () => {
    for (const [term, replacement] of [
      ['Lehnga', 'lehenga'],
      [' ', 'x'],
      ['x', ' '],
    ]) {
      await expect(
        t.database.db.execute(
          sql`insert into search_synonyms (term, replacement) values (${term}, ${replacement})`,
        ),
      ).rejects.toThrow();
    }
  });
});
