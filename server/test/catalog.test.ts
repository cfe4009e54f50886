import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import type { ProductSummary, SearchResult } from '../../common/schemas/catalog';
import { buildProduct, insertProducts, type ProductInput } from '../db/factories/product.factory';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
const ids: Record<string, string> = {};

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

/** A small shop whose every product plays a part in some test below. */
const catalog: Record<string, Partial<ProductInput>> = {
  kurta: {
    name: 'Cotton Kurta',
    description: 'Pure 100% cotton, hand block printed.',
    gender: 'Men',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    price: 999,
    mrp: 1499,
    // White has two pictures, Blue one, and the back view shows no one colour.
    images: ['/images/kurta-front.webp', '/images/kurta-back.webp', '/images/kurta-blue.webp'],
    imageColors: ['White', '', 'Blue'],
    variants: [
      { color: 'White', size: 'M', countInStock: 10 },
      { color: 'White', size: 'L', countInStock: 5 },
      { color: 'Blue', size: 'M', countInStock: 0 },
    ],
    rating: 4.5,
    numReviews: 12,
    soldCount: 50,
    createdAt: day(1),
  },
  saree: {
    name: 'Silk Saree',
    description: 'Banarasi weave with zari border.',
    gender: 'Women',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Saree',
    price: 2499,
    mrp: 4999,
    images: ['/images/saree.webp'],
    variants: [
      { color: 'Red', size: 'Free', countInStock: 3 },
      { color: 'Green', size: 'Free', countInStock: 0 },
    ],
    soldCount: 80,
    createdAt: day(2),
  },
  jeans: {
    name: 'Denim Jeans',
    description: 'Stretch denim, slim fit.',
    brand: 'Denimwala',
    gender: 'Men',
    category: 'Clothing',
    subCategory: 'Western Wear',
    type: 'Jeans',
    price: 1299.5,
    mrp: 1299.5,
    images: ['/images/jeans.webp'],
    variants: [
      { color: 'Blue', size: '32', countInStock: 4 },
      { color: 'Blue', size: '34', countInStock: 0 },
      { color: 'Black', size: '32', countInStock: 2 },
    ],
    createdAt: day(3),
  },
  shirt: {
    name: 'Linen Shirt',
    description: 'Breezy linen that pairs well with a kurta.',
    gender: 'Men',
    category: 'Clothing',
    subCategory: 'Western Wear',
    type: 'Shirt',
    price: 799,
    mrp: 999,
    images: ['/images/shirt.webp'],
    variants: [{ color: 'Sky', size: 'S', countInStock: 5 }],
    createdAt: day(4),
  },
  diya: {
    name: 'Brass Diya',
    description: 'Hand-cast lamp for festive evenings.',
    brand: 'Zebu Crafts',
    gender: 'Brand',
    category: 'Home',
    subCategory: 'Decor',
    type: 'Lamps',
    price: 399,
    mrp: 799,
    images: ['/images/diya.webp'],
    variants: [{ color: 'Gold', size: 'Std', countInStock: 0 }],
    createdAt: day(5),
  },
  lehenga: {
    name: 'Girls Lehenga Choli',
    description: 'Twirly party wear for little ones.',
    gender: 'Girl',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Lehenga',
    price: 1999,
    mrp: 2999,
    images: ['/images/lehenga.webp'],
    variants: [{ color: 'Pink', size: '4-5Y', countInStock: 2 }],
    soldCount: 20,
    createdAt: day(6),
  },
  tiffin: {
    name: 'Steel Tiffin',
    description: 'Three tier lunch box.',
    brand: 'Zebu Crafts',
    gender: 'Others',
    category: 'Kitchen',
    subCategory: 'Storage',
    type: 'Tiffin',
    price: 599,
    mrp: 599,
    images: [],
    variants: [{ color: 'Silver', size: 'Std', countInStock: 20 }],
    createdAt: day(7),
  },
  boysSet: {
    name: 'Boys Kurta Pyjama Set',
    description: 'Festive set for boys.',
    gender: 'Boy',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    price: 899,
    mrp: 1199,
    images: ['/images/boys-set.webp'],
    variants: [{ color: 'Yellow', size: '6-7Y', countInStock: 1 }],
    createdAt: day(8),
  },
  hindi: {
    name: 'हैंडलूम कुर्ता',
    description: 'Handloom weave from Bengal.',
    gender: 'Women',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Kurti',
    price: 1499,
    mrp: 1999,
    images: ['/images/handloom.webp'],
    variants: [{ color: 'Indigo', size: 'M', countInStock: 6 }],
    createdAt: day(9),
  },
};
const keys = Object.keys(catalog);

beforeAll(async () => {
  t = await createTestApp();
  const stored = await insertProducts(
    t.database.db,
    keys.map((k) => buildProduct({ brand: 'Pehnava', ...catalog[k] })),
  );
  keys.forEach((k, i) => {
    ids[k] = stored[i] as string;
  });
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

async function search(query: string): Promise<SearchResult> {
  const res = await get(`${API.catalog.search}?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const idsOf = (list: { _id: string }[]) => list.map((p) => p._id);
const namesOf = (list: ProductSummary[]) => list.map((p) => p.name);
const byKeys = (...k: string[]) => k.map((key) => ids[key]);

describe('GET /api/products', () => {
  it('answers a page of product summaries, newest first', async () => {
    const res = await get(API.catalog.products);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pages: 1, total: 9 });
    expect(idsOf(body.products)).toEqual(
      byKeys('hindi', 'boysSet', 'tiffin', 'lehenga', 'diya', 'shirt', 'jeans', 'saree', 'kurta'),
    );
    expect(body.products.at(-1)).toEqual({
      _id: ids.kurta,
      name: 'Cotton Kurta',
      brand: 'Pehnava',
      gender: 'Men',
      category: 'Clothing',
      subCategory: 'Ethnic Wear',
      type: 'Kurta',
      price: 999,
      mrp: 1499,
      image: '/images/kurta-front.webp',
      rating: 4.5,
      numReviews: 12,
      countInStock: 15,
    });
  });

  it('gives rupees with paise, and an empty image for a product without pictures', async () => {
    const { products } = (await get(`${API.catalog.products}?limit=100`)).json();
    const jeans = products.find((p: ProductSummary) => p._id === ids.jeans);
    expect(jeans).toMatchObject({ price: 1299.5, mrp: 1299.5, countInStock: 6 });
    expect(products.find((p: ProductSummary) => p._id === ids.tiffin).image).toBe('');
  });

  it('pages with page and limit', async () => {
    const body = (await get(`${API.catalog.products}?page=2&limit=4`)).json();
    expect(body).toMatchObject({ page: 2, pages: 3, total: 9 });
    expect(idsOf(body.products)).toEqual(byKeys('diya', 'shirt', 'jeans', 'saree'));
    const beyond = (await get(`${API.catalog.products}?page=7&limit=4`)).json();
    expect(beyond).toEqual({ products: [], page: 7, pages: 3, total: 9 });
  });

  it('sorts by price both ways', async () => {
    const asc = (await get(`${API.catalog.products}?sort=price_asc`)).json();
    expect(asc.products.map((p: ProductSummary) => p.price)).toEqual([
      399, 599, 799, 899, 999, 1299.5, 1499, 1999, 2499,
    ]);
    const desc = (await get(`${API.catalog.products}?sort=price_desc`)).json();
    expect(desc.products.map((p: ProductSummary) => p.price)).toEqual([
      2499, 1999, 1499, 1299.5, 999, 899, 799, 599, 399,
    ]);
  });

  it('falls back to the defaults for odd paging values instead of failing', async () => {
    for (const query of [
      'page=-1',
      'page=abc&limit=abc',
      'limit=0',
      'limit=-5',
      'page=1.5',
      'sort=sideways',
      'page=1&page=2',
    ]) {
      const res = await get(`${API.catalog.products}?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toMatchObject({ page: 1, pages: 1, total: 9 });
    }
    const huge = await get(`${API.catalog.products}?page=9007199254740991&limit=100`);
    expect(huge.statusCode).toBe(200);
    expect(huge.json().products).toEqual([]);
  });
});

describe('GET /api/products/{id}', () => {
  it('answers the detail with variants in their order and distinct colours and sizes', async () => {
    const res = await get(API.catalog.product(ids.kurta as string));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: ids.kurta,
      name: 'Cotton Kurta',
      description: 'Pure 100% cotton, hand block printed.',
      brand: 'Pehnava',
      gender: 'Men',
      category: 'Clothing',
      subCategory: 'Ethnic Wear',
      type: 'Kurta',
      price: 999,
      mrp: 1499,
      images: ['/images/kurta-front.webp', '/images/kurta-back.webp', '/images/kurta-blue.webp'],
      colorImages: [
        { color: 'White', images: ['/images/kurta-front.webp'] },
        { color: 'Blue', images: ['/images/kurta-blue.webp'] },
      ],
      colors: ['White', 'Blue'],
      sizes: ['M', 'L'],
      variants: [
        { color: 'White', size: 'M', countInStock: 10 },
        { color: 'White', size: 'L', countInStock: 5 },
        { color: 'Blue', size: 'M', countInStock: 0 },
      ],
      countInStock: 15,
      isRefundable: true,
      rating: 4.5,
      numReviews: 12,
    });
  });

  it('lists no colour images for a product whose images show no one colour', async () => {
    const body = (await get(API.catalog.product(ids.jeans as string))).json();
    expect(body.images).toEqual(['/images/jeans.webp']);
    expect(body.colorImages).toEqual([]);
  });

  it('refuses to store more image colours than images', async () => {
    await expect(
      insertProducts(t.database.db, [
        buildProduct({ images: ['/images/one.webp'], imageColors: ['White', 'Blue'] }),
      ]),
    ).rejects.toMatchObject({ cause: { constraint: 'products_image_colors_per_image' } });
    expect((await get(API.catalog.products)).json().total).toBe(9);
  });

  it('keeps the stored variant order even when it is not alphabetical', async () => {
    const body = (await get(API.catalog.product(ids.jeans as string))).json();
    expect(body.colors).toEqual(['Blue', 'Black']);
    expect(body.sizes).toEqual(['32', '34']);
    expect(body.price).toBe(1299.5);
  });

  it('answers 404 with a message for an unknown id and for a malformed one', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '123',
      "1' or '1'='1",
      `${ids.kurta}x`,
      '%00',
      '%E0%A4%95',
    ]) {
      const res = await get(API.catalog.product(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message, id).toBe('Product not found.');
    }
  });
});

describe('GET /api/products/home', () => {
  it('answers the home sections', async () => {
    const res = await get(API.catalog.home);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const home = res.json();
    expect(idsOf(home.newArrivals)).toEqual(
      byKeys('hindi', 'boysSet', 'tiffin', 'lehenga', 'diya', 'shirt', 'jeans', 'saree', 'kurta'),
    );
    // Only what has sold, most sold first.
    expect(idsOf(home.bestSellers)).toEqual(byKeys('saree', 'kurta', 'lehenga'));
    // Largest share off first; the diya (50% off) is out of stock, jeans and tiffin have no discount.
    expect(idsOf(home.deals)).toEqual(byKeys('saree', 'kurta', 'lehenga', 'boysSet', 'hindi', 'shirt'));
    expect(home.categories).toEqual([
      { gender: 'Men', category: 'Clothing', image: '/images/kurta-front.webp', count: 3 },
      { gender: 'Women', category: 'Clothing', image: '/images/saree.webp', count: 2 },
      { gender: 'Boy', category: 'Clothing', image: '/images/boys-set.webp', count: 1 },
      { gender: 'Girl', category: 'Clothing', image: '/images/lehenga.webp', count: 1 },
      { gender: 'Brand', category: 'Home', image: '/images/diya.webp', count: 1 },
      { gender: 'Others', category: 'Kitchen', image: '', count: 1 },
    ]);
    expect(home.deals[0]).toMatchObject({ name: 'Silk Saree', price: 2499, mrp: 4999, countInStock: 3 });
  });
});

describe('GET /api/products/category-tree', () => {
  it('nests the categories in the shop order with deeper keys sorted', async () => {
    const res = await get(API.catalog.categoryTree);
    expect(res.statusCode).toBe(200);
    const tree = res.json();
    expect(tree).toEqual({
      Men: { Clothing: { 'Ethnic Wear': { Kurta: {} }, 'Western Wear': { Jeans: {}, Shirt: {} } } },
      Women: { Clothing: { 'Ethnic Wear': { Kurti: {}, Saree: {} } } },
      Boy: { Clothing: { 'Ethnic Wear': { Kurta: {} } } },
      Girl: { Clothing: { 'Ethnic Wear': { Lehenga: {} } } },
      Brand: { 'Zebu Crafts': { Home: { Decor: { Lamps: {} } } } },
      Others: { Kitchen: { Storage: { Tiffin: {} } } },
    });
    expect(Object.keys(tree)).toEqual(['Men', 'Women', 'Boy', 'Girl', 'Brand', 'Others']);
    expect(Object.keys(tree.Men.Clothing)).toEqual(['Ethnic Wear', 'Western Wear']);
    expect(Object.keys(tree.Women.Clothing['Ethnic Wear'])).toEqual(['Kurti', 'Saree']);
  });

  it('is sent with cache headers and answers 304 to a matching If-None-Match', async () => {
    const first = await get(API.catalog.categoryTree);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: API.catalog.categoryTree,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: API.catalog.categoryTree,
      headers: { 'if-none-match': 'W/"stale"' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('GET /api/products/search: filters', () => {
  it('without filters answers every product, newest first, with facets', async () => {
    const body = await search('');
    expect(body).toMatchObject({ page: 1, pages: 1, total: 9 });
    expect(idsOf(body.products)).toEqual(
      byKeys('hindi', 'boysSet', 'tiffin', 'lehenga', 'diya', 'shirt', 'jeans', 'saree', 'kurta'),
    );
    expect(body.facets.price).toEqual({ min: 399, max: 2499 });
    expect(body.facets.gender).toEqual([
      { value: 'Men', count: 3 },
      { value: 'Women', count: 2 },
      { value: 'Boy', count: 1 },
      { value: 'Brand', count: 1 },
      { value: 'Girl', count: 1 },
      { value: 'Others', count: 1 },
    ]);
  });

  it('filters by gender and counts facets over the filtered products', async () => {
    const body = await search('gender=Men');
    expect(idsOf(body.products)).toEqual(byKeys('shirt', 'jeans', 'kurta'));
    expect(body.total).toBe(3);
    expect(body.facets).toEqual({
      gender: [{ value: 'Men', count: 3 }],
      brand: [
        { value: 'Pehnava', count: 2 },
        { value: 'Denimwala', count: 1 },
      ],
      category: [{ value: 'Clothing', count: 3 }],
      subCategory: [
        { value: 'Western Wear', count: 2 },
        { value: 'Ethnic Wear', count: 1 },
      ],
      type: [
        { value: 'Jeans', count: 1 },
        { value: 'Kurta', count: 1 },
        { value: 'Shirt', count: 1 },
      ],
      color: [
        { value: 'Blue', count: 2 },
        { value: 'Black', count: 1 },
        { value: 'Sky', count: 1 },
        { value: 'White', count: 1 },
      ],
      size: [
        { value: '32', count: 1 },
        { value: '34', count: 1 },
        { value: 'L', count: 1 },
        { value: 'M', count: 1 },
        { value: 'S', count: 1 },
      ],
      price: { min: 799, max: 1299.5 },
    });
  });

  it('filters by brand, category, subCategory and type, exactly', async () => {
    expect(idsOf((await search('brand=Zebu%20Crafts')).products)).toEqual(byKeys('tiffin', 'diya'));
    expect(idsOf((await search('brand=zebu')).products)).toEqual([]);
    expect(idsOf((await search('category=Clothing&subCategory=Ethnic%20Wear&type=Kurta')).products)).toEqual(
      byKeys('boysSet', 'kurta'),
    );
    expect(idsOf((await search('gender=Brand&brand=Zebu%20Crafts&category=Home')).products)).toEqual(
      byKeys('diya'),
    );
    expect((await search('subCategory=Western%20Wear')).total).toBe(2);
    expect((await search('gender=Nobody')).total).toBe(0);
  });

  it('filters by colour and size: the product must have such a variant', async () => {
    expect(idsOf((await search('color=Blue')).products)).toEqual(byKeys('jeans', 'kurta'));
    expect(idsOf((await search('size=32')).products)).toEqual(byKeys('jeans'));
    expect(idsOf((await search('color=Black&size=32')).products)).toEqual(byKeys('jeans'));
    // Black comes in 32 and Blue in 34, but no variant is Black 34.
    expect((await search('color=Black&size=34')).total).toBe(0);
    expect(idsOf((await search('color=blue')).products)).toEqual(byKeys('jeans', 'kurta'));
  });

  it('filters by price in rupees, bounds included', async () => {
    expect(idsOf((await search('minPrice=900&maxPrice=1300')).products)).toEqual(byKeys('jeans', 'kurta'));
    expect(idsOf((await search('minPrice=1299.5&sort=price_asc')).products)).toEqual(
      byKeys('jeans', 'hindi', 'lehenga', 'saree'),
    );
    expect(idsOf((await search('maxPrice=599&sort=price_asc')).products)).toEqual(byKeys('diya', 'tiffin'));
    expect((await search('minPrice=2000&maxPrice=1000')).total).toBe(0);
  });

  it('sorts by price and by newest, and pages', async () => {
    expect(namesOf((await search('gender=Men&sort=price_asc')).products)).toEqual([
      'Linen Shirt',
      'Cotton Kurta',
      'Denim Jeans',
    ]);
    expect(namesOf((await search('gender=Men&sort=price_desc')).products)).toEqual([
      'Denim Jeans',
      'Cotton Kurta',
      'Linen Shirt',
    ]);
    expect(namesOf((await search('gender=Men&sort=newest')).products)).toEqual([
      'Linen Shirt',
      'Denim Jeans',
      'Cotton Kurta',
    ]);
    // Relevance needs a text to be relevant to; without one the newest come first.
    expect(idsOf((await search('gender=Men&sort=relevance')).products)).toEqual(
      byKeys('shirt', 'jeans', 'kurta'),
    );
    const page2 = await search('limit=2&page=2');
    expect(page2).toMatchObject({ page: 2, pages: 5, total: 9 });
    expect(idsOf(page2.products)).toEqual(byKeys('tiffin', 'lehenga'));
    const last = await search('limit=2&page=5');
    expect(idsOf(last.products)).toEqual(byKeys('kurta'));
  });
});

describe('GET /api/products/search: several values per filter', () => {
  it('lists products matching any value of a group, groups combined', async () => {
    expect(idsOf((await search('size=M&size=L')).products)).toEqual(byKeys('hindi', 'kurta'));
    expect(idsOf((await search('size=S&size=32')).products)).toEqual(byKeys('shirt', 'jeans'));
    expect(idsOf((await search('color=Blue&color=black')).products)).toEqual(byKeys('jeans', 'kurta'));
    expect(idsOf((await search('brand=Denimwala&brand=Zebu%20Crafts')).products)).toEqual(
      byKeys('tiffin', 'diya', 'jeans'),
    );
    expect(idsOf((await search('size=M&size=S&gender=Men')).products)).toEqual(byKeys('shirt', 'kurta'));
  });

  it("counts brand, colour and size without the group's own filter, so another value can be ticked", async () => {
    const body = await search('gender=Men&size=M');
    expect(idsOf(body.products)).toEqual(byKeys('kurta'));
    // Every size the other filters allow, with what ticking it adds.
    expect(body.facets.size).toEqual([
      { value: '32', count: 1 },
      { value: '34', count: 1 },
      { value: 'L', count: 1 },
      { value: 'M', count: 1 },
      { value: 'S', count: 1 },
    ]);
    // Colours in the chosen size; single-valued facets split the result itself.
    expect(body.facets.color).toEqual([
      { value: 'Blue', count: 1 },
      { value: 'White', count: 1 },
    ]);
    expect(body.facets.type).toEqual([{ value: 'Kurta', count: 1 }]);
    expect(body.total).toBe(1);
    const brands = await search('brand=Denimwala&gender=Men');
    expect(brands.facets.brand).toEqual([
      { value: 'Pehnava', count: 2 },
      { value: 'Denimwala', count: 1 },
    ]);
    expect(brands.facets.gender).toEqual([{ value: 'Men', count: 1 }]);
  });

  it('still needs colour and size to meet in one variant', async () => {
    // Black comes in 32 only; Blue 34 is a variant of its own.
    expect(idsOf((await search('color=Black&color=Blue&size=34')).products)).toEqual(byKeys('jeans'));
    expect((await search('color=Black&color=Pink&size=34')).total).toBe(0);
  });

  it('answers repeated and blank values as the single value', async () => {
    const single = await search('size=M');
    expect(await search('size=M&size=M')).toEqual(single);
    expect(await search('size=&size=M')).toEqual(single);
    expect(await search('size=%20&size=M')).toEqual(single);
  });

  it('ignores a group with too many or odd values instead of failing', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `size=${i}`).join('&');
    expect((await search(many)).total).toBe(9);
    expect((await search('size=M&size=%0A')).total).toBe(9);
    const twenty = Array.from({ length: 19 }, (_, i) => `size=${i}`).join('&');
    expect(idsOf((await search(`${twenty}&size=L`)).products)).toEqual(byKeys('kurta'));
  });
});

describe('GET /api/products/search: sorts', () => {
  it('sorts by units sold, the newest first among equals', async () => {
    expect(idsOf((await search('sort=popular')).products)).toEqual(
      byKeys('saree', 'kurta', 'lehenga', 'hindi', 'boysSet', 'tiffin', 'diya', 'shirt', 'jeans'),
    );
  });

  it('sorts by the share off the MRP', async () => {
    // 33 % off, 20 % off, none.
    expect(idsOf((await search('gender=Men&sort=discount')).products)).toEqual(
      byKeys('kurta', 'shirt', 'jeans'),
    );
    // 50.06 % off beats 50.01 %: the share, not the rupees.
    expect(idsOf((await search('sort=discount&limit=2')).products)).toEqual(byKeys('diya', 'saree'));
  });

  it('sorts by rating', async () => {
    expect(idsOf((await search('gender=Men&sort=rating')).products)).toEqual(
      byKeys('kurta', 'shirt', 'jeans'),
    );
  });

  it('lists products with the new sorts too, and a text search by popularity', async () => {
    const res = await get(`${API.catalog.products}?sort=popular&limit=2`);
    expect(idsOf(res.json().products)).toEqual(byKeys('saree', 'kurta'));
    expect(idsOf((await search('name=kurta&sort=popular')).products)[0]).toBe(ids.kurta);
  });
});

describe('GET /api/products/search: text', () => {
  it('matches words in the name, brand, category levels and description', async () => {
    expect(idsOf((await search('name=denim')).products)).toEqual(byKeys('jeans'));
    expect(idsOf((await search('name=zebu')).products).sort()).toEqual(byKeys('diya', 'tiffin').sort());
    expect(idsOf((await search('name=lamps')).products)).toEqual(byKeys('diya'));
    expect(idsOf((await search('name=zari')).products)).toEqual(byKeys('saree'));
    expect(idsOf((await search('name=LINEN')).products)).toEqual(byKeys('shirt'));
  });

  it('needs every word to match', async () => {
    expect(idsOf((await search('name=cotton%20kurta')).products)).toEqual(byKeys('kurta'));
    expect((await search('name=silk%20kurta')).total).toBe(0);
    expect(idsOf((await search('name=steel%20tiffin')).products)).toEqual(byKeys('tiffin'));
  });

  it('ranks name matches above a description-only match', async () => {
    const body = await search('name=kurta');
    const found = idsOf(body.products);
    expect(found.slice(0, 2).sort()).toEqual(byKeys('boysSet', 'kurta').sort());
    expect(found).toContain(ids.shirt);
    expect(found.indexOf(ids.shirt as string)).toBe(found.length - 1);
    expect(body.facets.type.map((f) => f.value)).toContain('Kurta');
  });

  it('tolerates typos', async () => {
    expect(idsOf((await search('name=kurtha')).products)).toContain(ids.kurta);
    expect(idsOf((await search('name=lehnga')).products)).toEqual(byKeys('lehenga'));
    expect(idsOf((await search('name=coton')).products)).toContain(ids.kurta);
    expect(idsOf((await search('name=sari')).products)).toEqual(byKeys('saree'));
  });

  it('does not let short words match loosely related words', async () => {
    // "red" shares two trigrams with "regular"-like words but must match a word of its own.
    expect((await search('name=red')).total).toBe(0);
    expect(idsOf((await search('name=jean')).products)).toEqual(byKeys('jeans'));
  });

  it('combines text with filters and computes facets over both', async () => {
    const body = await search('name=kurta&gender=Boy');
    expect(idsOf(body.products)).toEqual(byKeys('boysSet'));
    expect(body.facets.gender).toEqual([{ value: 'Boy', count: 1 }]);
    expect(body.facets.price).toEqual({ min: 899, max: 899 });
  });

  it('sorts text results by price when asked, by relevance by default', async () => {
    const byPrice = await search('name=kurta&sort=price_asc');
    const prices = byPrice.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byRelevance = await search('name=kurta&sort=relevance');
    expect(idsOf(byRelevance.products)).toEqual(idsOf((await search('name=kurta')).products));
  });

  it('finds unicode text and a literal percent sign', async () => {
    expect(
      idsOf((await search('name=%E0%A4%95%E0%A5%81%E0%A4%B0%E0%A5%8D%E0%A4%A4%E0%A4%BE')).products),
    ).toEqual(byKeys('hindi'));
    expect(idsOf((await search('name=100%25')).products)).toEqual(byKeys('kurta'));
  });

  it('treats wildcards and SQL as plain text and never fails', async () => {
    const odd = [
      "name='; drop table products; --",
      'name=%25',
      'name=_',
      'name=%25%25%25',
      'name=k_rta',
      'name=%5C',
      'name=%00',
      'name=a%00b',
      'name=%ED%A0%80',
      `name=${'kurta '.repeat(15)}`,
      `name=${'x'.repeat(5000)}`,
      'name=%F0%9F%91%97',
      'gender=%00&brand=%27',
      'color=%25&size=_',
    ];
    for (const query of odd) {
      const res = await get(`${API.catalog.search}?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toHaveProperty('facets');
    }
    expect((await search('name=%25')).total).toBe(0);
    expect((await search('name=_')).total).toBe(0);
    expect((await search('color=%25')).total).toBe(0);
    expect((await get(API.catalog.products)).json().total).toBe(9);
  });

  it('falls back for odd numbers and caps the page size', async () => {
    for (const query of [
      'page=-1',
      'limit=abc',
      'minPrice=abc',
      'maxPrice=-3',
      'minPrice=Infinity',
      'sort=cheapest',
    ]) {
      const body = await search(query);
      expect(body.total, query).toBe(9);
      expect(body.page, query).toBe(1);
    }
    expect((await search('maxPrice=1e30')).total).toBe(9);
    expect((await search('minPrice=1e30')).total).toBe(0);
  });
});

describe('GET /api/products/autocomplete', () => {
  const complete = async (q: string) => {
    const res = await get(`${API.catalog.autocomplete}?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers nothing for less than two characters', async () => {
    expect(await complete('')).toEqual([]);
    expect(await complete('k')).toEqual([]);
    expect(await complete('  k  ')).toEqual([]);
    expect((await get(API.catalog.autocomplete)).json()).toEqual([]);
  });

  it('mixes categories, brands and products', async () => {
    // Equally good name matches come newest first; a description-only match comes last.
    expect(await complete('kurt')).toEqual([
      { _id: ids.boysSet, name: 'Boys Kurta Pyjama Set' },
      { _id: ids.kurta, name: 'Cotton Kurta' },
      { _id: ids.hindi, name: 'हैंडलूम कुर्ता' },
      { _id: ids.shirt, name: 'Linen Shirt' },
    ]);
    expect(await complete('zebu')).toEqual([
      { brand: 'Zebu Crafts' },
      { _id: ids.tiffin, name: 'Steel Tiffin' },
      { _id: ids.diya, name: 'Brass Diya' },
    ]);
    const clothing = await complete('cloth');
    expect(clothing[0]).toEqual({ category: 'Clothing' });
    expect(clothing).toHaveLength(8);
    expect(clothing.slice(1).every((item: object) => '_id' in item && 'name' in item)).toBe(true);
    // Sub-categories and types are not offered as categories: the client filters category= exactly.
    expect(await complete('ethnic wear')).not.toContainEqual({ category: 'Ethnic Wear' });
  });

  it('tolerates typos', async () => {
    expect((await complete('kurtha')).slice(0, 2)).toContainEqual({ _id: ids.kurta, name: 'Cotton Kurta' });
    expect((await complete('clothng'))[0]).toEqual({ category: 'Clothing' });
    expect(await complete('zebo crafts')).toContainEqual({ brand: 'Zebu Crafts' });
  });

  it('never fails on odd text', async () => {
    for (const q of ['%%', '__', "'; drop table products; --", 'x'.repeat(1000), '\u0000\u0000', 'कुर्ता']) {
      const res = await get(`${API.catalog.autocomplete}?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(Array.isArray(res.json()), q).toBe(true);
    }
    expect(await complete('%%')).toEqual([]);
    expect(await complete('कुर्ता')).toEqual([{ _id: ids.hindi, name: 'हैंडलूम कुर्ता' }]);
  });
});

describe('routes', () => {
  it('does not swallow deeper sibling paths', async () => {
    // The likes route answers (401 for a guest); /:id would have said "Product not found."
    const res = await get(API.likes.ids);
    expect(res.statusCode).toBe(401);
    const unknown = await get('/api/products/abc/def');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such endpoint: GET /api/products/abc/def');
  });
});
