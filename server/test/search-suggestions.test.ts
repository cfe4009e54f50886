import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_MAX_RESULTS } from '../../common/constants';
import type { AutocompleteItem } from '../../common/schemas/catalog';
import { buildProduct, insertProducts, type ProductInput } from '../db/factories/product.factory';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

const clothing = (overrides: Partial<ProductInput>): ProductInput =>
  buildProduct({
    description: 'Made in India.',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    ...overrides,
  });

beforeAll(async () => {
  t = await createTestApp();
  await insertProducts(t.database.db, [
    clothing({ name: 'Chikankari Kurta', gender: 'Men', type: 'Kurta', soldCount: 30 }),
    clothing({ name: 'Linen Kurta', gender: 'Men', type: 'Kurta' }),
    clothing({ name: 'Festive Kurta Set', gender: 'Men', type: 'Kurta Set' }),
    clothing({ name: "Boys' Kurta Pyjama Set", gender: 'Boy', type: 'Kurta Pyjama Set' }),
    clothing({ name: 'Rayon Kurti', gender: 'Women', type: 'Kurti' }),
    clothing({ name: 'Mirror-Work Lehenga Choli', gender: 'Women', type: 'Lehenga' }),
    clothing({ name: 'Banarasi Silk Saree', gender: 'Women', subCategory: 'Sarees', type: 'Banarasi' }),
    clothing({
      name: 'Kadhua Banarasi Saree',
      gender: 'Brand',
      brand: 'Kashi Weaves',
      subCategory: 'Sarees',
      type: 'Banarasi',
    }),
    clothing({
      name: 'Jamawar Stole',
      gender: 'Brand',
      brand: 'Kashi Weaves',
      subCategory: 'Stoles',
      type: 'Stole',
    }),
  ]);
});
afterAll(() => t.close());

async function suggest(q: string, labelled = true): Promise<AutocompleteItem[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products/autocomplete?q=${encodeURIComponent(q)}`,
    headers: labelled ? { prefer: 'labelled' } : {},
  });
  expect(res.statusCode, q).toBe(200);
  expect(res.headers['preference-applied'], q).toBe(labelled ? 'labelled' : undefined);
  expect(res.headers.vary, q).toMatch(/prefer/i);
  return res.json();
}

const labels = (items: AutocompleteItem[]) =>
  items.map((item) => ('kind' in item ? `${item.kind}: ${item.label}` : JSON.stringify(item)));

describe('GET /api/products/autocomplete with Prefer: labelled', () => {
  it('offers categories of the tree by their names, then products, each saying what it is', async () => {
    const items = await suggest('kurta');
    expect(items.slice(0, 3)).toEqual([
      {
        kind: 'category',
        label: 'Kurtas for Men',
        gender: 'Men',
        category: 'Clothing',
        subCategory: 'Ethnic Wear',
        type: 'Kurta',
      },
      {
        kind: 'category',
        label: 'Kurta Sets for Men',
        gender: 'Men',
        category: 'Clothing',
        subCategory: 'Ethnic Wear',
        type: 'Kurta Set',
      },
      {
        kind: 'category',
        label: 'Kurta Pyjama Sets for Boys',
        gender: 'Boy',
        category: 'Clothing',
        subCategory: 'Ethnic Wear',
        type: 'Kurta Pyjama Set',
      },
    ]);
    const products = items.slice(3);
    expect(products.length).toBeGreaterThan(0);
    for (const item of products) {
      expect(item).toEqual({
        kind: 'product',
        label: expect.any(String),
        _id: expect.any(String),
        name: expect.any(String),
        // Its first picture, shown small beside the suggestion.
        image: expect.stringMatching(/^\/images\/products\//),
      });
      expect('label' in item && 'name' in item && item.label === item.name).toBe(true);
    }
  });

  it('offers brands labelled as brands, and Brand categories by their brand', async () => {
    expect(await suggest('kashi')).toContainEqual({
      kind: 'brand',
      label: 'Kashi Weaves',
      brand: 'Kashi Weaves',
    });
    const sarees = labels(await suggest('saree'));
    expect(sarees.slice(0, 2)).toEqual(['category: Sarees for Women', 'category: Sarees by Kashi Weaves']);
    // Products of equal relevance come newest first; these were stored together.
    expect(sarees.slice(2).sort()).toEqual([
      'product: Banarasi Silk Saree',
      'product: Kadhua Banarasi Saree',
    ]);
    expect(labels(await suggest('banarasi')).slice(0, 2)).toEqual([
      'category: Banarasi Sarees for Women',
      'category: Banarasi Sarees by Kashi Weaves',
    ]);
  });

  it('reads the text as a search does: spellings, Hindi words and phrases', async () => {
    const kurthi = labels(await suggest('kurthi'));
    expect(kurthi[0]).toBe('category: Kurtis for Women');
    expect(kurthi).toContain('product: Rayon Kurti');
    expect(labels(await suggest('साड़ी')).slice(0, 2)).toEqual([
      'category: Sarees for Women',
      'category: Sarees by Kashi Weaves',
    ]);
    const forMen = labels(await suggest('kurta for men'));
    expect(forMen.slice(0, 2)).toEqual(['category: Kurtas for Men', 'category: Kurta Sets for Men']);
    expect(forMen.slice(2).sort()).toEqual([
      'product: Chikankari Kurta',
      'product: Festive Kurta Set',
      'product: Linen Kurta',
    ]);
  });

  it('leads to its products: a category suggestion carries the search filters of its node', async () => {
    const [kurtas] = await suggest('kurta for men');
    if (!kurtas || !('kind' in kurtas) || kurtas.kind !== 'category') throw new Error('no category first');
    const { kind: _kind, label: _label, ...filters } = kurtas;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?${new URLSearchParams(filters as Record<string, string>)}`,
    });
    expect(
      res
        .json()
        .products.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Chikankari Kurta', 'Linen Kurta']);
  });

  it('offers at most 3 categories, 2 brands and 10 suggestions in all', async () => {
    const items = await suggest('clothing ethnic');
    expect(items.length).toBeLessThanOrEqual(AUTOCOMPLETE_MAX_RESULTS);
    expect(items.filter((i) => 'kind' in i && i.kind === 'category').length).toBeLessThanOrEqual(3);
    expect((await suggest('k')).length).toBe(0);
  });
});

describe('GET /api/products/autocomplete without the preference', () => {
  it('keeps the original shape: products, category-column values and brands, nothing else', async () => {
    const items = await suggest('kurta', false);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['_id', 'name']);
    expect(await suggest('kashi', false)).toContainEqual({ brand: 'Kashi Weaves' });
    expect((await suggest('clothing', false))[0]).toEqual({ category: 'Clothing' });
  });

  it('still reads spellings and Hindi words', async () => {
    expect((await suggest('kurthi', false))[0]).toEqual({ _id: expect.any(String), name: 'Rayon Kurti' });
  });
});
