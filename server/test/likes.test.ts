import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import type { ProductSummary } from '../../common/schemas/catalog';
import { buildProduct, insertProducts } from '../db/factories/product.factory';
import { products } from '../modules/catalog/catalog.schema';
import { likes } from '../modules/likes/likes.schema';
import { createClient, createTestApp, type TestApp } from './test-app';

let t: TestApp;
let kurta: string;
let saree: string;
let jeans: string;
let spare: string;

type Client = ReturnType<typeof createClient>;

let accounts = 0;
/** A new shopper, signed in through the real registration call. */
async function signedInShopper(): Promise<Client> {
  accounts += 1;
  const client = createClient(t.app);
  const res = await client.request({
    method: 'POST',
    url: API.users.register,
    payload: {
      name: `Likes Shopper ${accounts}`,
      email: `likes-${accounts}-${randomUUID()}@example.in`,
      password: 'Rangoli#2025',
      confirmPassword: 'Rangoli#2025',
      isAdult: true,
    },
  });
  expect(res.statusCode).toBe(201);
  // The session changed at registration, and the CSRF token follows the session.
  await client.fetchCsrf();
  return client;
}

const like = (client: Client, id: string) => client.request({ method: 'POST', url: API.likes.like(id) });
const unlike = (client: Client, id: string) => client.request({ method: 'DELETE', url: API.likes.like(id) });
const likedIds = async (client: Client) => {
  const res = await client.request({ method: 'GET', url: API.likes.ids });
  expect(res.statusCode).toBe(200);
  return (res.json() as { productIds: string[] }).productIds;
};

const likeRows = (productId: string) =>
  t.database.db.select().from(likes).where(eq(likes.productId, productId));

beforeAll(async () => {
  t = await createTestApp();
  [kurta, saree, jeans, spare] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Cotton Kurta',
      images: ['/images/kurta-front.webp', '/images/kurta-back.webp'],
      price: 999,
      mrp: 1499,
      rating: 4.5,
      numReviews: 12,
      variants: [
        { color: 'White', size: 'M', countInStock: 10 },
        { color: 'White', size: 'L', countInStock: 5 },
      ],
    }),
    buildProduct({ name: 'Silk Saree', gender: 'Women', type: 'Saree', price: 2499.5, mrp: 4999 }),
    buildProduct({ name: 'Denim Jeans', images: [], variants: [] }),
    buildProduct({ name: 'Linen Shirt' }),
  ])) as [string, string, string, string];
});
afterAll(() => t.close());

describe('likes for a guest', () => {
  it('answers 401 to every likes call: a guest keeps likes in the browser', async () => {
    const guest = createClient(t.app);
    const calls = [
      await guest.request({ method: 'GET', url: API.likes.ids }),
      await guest.request({ method: 'GET', url: API.likes.products }),
      await like(guest, kurta),
      await unlike(guest, kurta),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    expect(await likeRows(kurta)).toHaveLength(0);
  });

  it('looks up summaries of locally kept likes, in the order asked, skipping unknown ids', async () => {
    const guest = createClient(t.app);
    const ids = [saree, randomUUID(), 'not-a-uuid', kurta, saree].join(',');
    const res = await guest.request({ method: 'GET', url: `${API.likes.summaries}?ids=${ids}` });
    expect(res.statusCode).toBe(200);
    const { products: found } = res.json() as { products: ProductSummary[] };
    expect(found.map((p) => p.name)).toEqual(['Silk Saree', 'Cotton Kurta']);

    const empty = await guest.request({ method: 'GET', url: API.likes.summaries });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ products: [] });
  });
});

describe('liking and unliking', () => {
  it('still needs the CSRF token to like', async () => {
    const shopper = await signedInShopper();
    const res = await shopper.request({ method: 'POST', url: API.likes.like(kurta), csrf: false });
    expect(res.statusCode).toBe(403);
    expect(await likedIds(shopper)).toEqual([]);
  });

  it('likes and unlikes idempotently', async () => {
    const shopper = await signedInShopper();

    const first = await like(shopper, kurta);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ productId: kurta, liked: true });
    const again = await like(shopper, kurta);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ productId: kurta, liked: true });
    expect(await likedIds(shopper)).toEqual([kurta]);

    const removed = await unlike(shopper, kurta);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ productId: kurta, liked: false });
    const removedAgain = await unlike(shopper, kurta);
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.json()).toEqual({ productId: kurta, liked: false });
    expect(await likedIds(shopper)).toEqual([]);
  });

  it('makes one like of twenty parallel likes', async () => {
    const shopper = await signedInShopper();
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(shopper, spare)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(await likeRows(spare)).toHaveLength(1);
    expect(await likedIds(shopper)).toEqual([spare]);
  });

  it('answers 404 for an unknown or malformed product id, and stores nothing', async () => {
    const shopper = await signedInShopper();
    for (const id of [randomUUID(), 'not-a-uuid', '123', "x' or '1'='1"]) {
      for (const res of [await like(shopper, id), await unlike(shopper, id)]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found.', code: 'NOT_FOUND' });
      }
    }
    expect(await likedIds(shopper)).toEqual([]);
  });

  it('forgets a like when its product is deleted', async () => {
    const shopper = await signedInShopper();
    const [doomed] = (await insertProducts(t.database.db, [buildProduct({ name: 'Retired Dupatta' })])) as [
      string,
    ];
    expect((await like(shopper, doomed)).statusCode).toBe(200);
    await t.database.db.delete(products).where(eq(products.id, doomed));
    expect(await likedIds(shopper)).toEqual([]);
    expect((await like(shopper, doomed)).statusCode).toBe(404);
  });
});

describe('the liked products', () => {
  it('lists them as product summaries, newest like first', async () => {
    const shopper = await signedInShopper();
    for (const id of [jeans, kurta, saree]) expect((await like(shopper, id)).statusCode).toBe(200);

    expect(await likedIds(shopper)).toEqual([saree, kurta, jeans]);

    const res = await shopper.request({ method: 'GET', url: API.likes.products });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { products: liked } = res.json() as { products: ProductSummary[] };
    expect(liked.map((p) => p._id)).toEqual([saree, kurta, jeans]);
    // The catalog's summary shape (DESIGN.md §5), exactly these keys.
    expect(liked[1]).toEqual({
      _id: kurta,
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
    expect(liked[0]).toMatchObject({ name: 'Silk Saree', gender: 'Women', price: 2499.5, mrp: 4999 });
    expect(liked[2]).toMatchObject({ name: 'Denim Jeans', image: '', countInStock: 0 });

    // The same products as the catalog's own list shows them.
    const catalog = await shopper.request({ method: 'GET', url: `${API.catalog.products}?limit=100` });
    const fromCatalog = (catalog.json() as { products: ProductSummary[] }).products.find(
      (p) => p._id === kurta,
    );
    expect(liked[1]).toEqual(fromCatalog);
  });

  it('re-liking a product moves it nowhere: the first like keeps its place', async () => {
    const shopper = await signedInShopper();
    await like(shopper, kurta);
    await like(shopper, saree);
    await like(shopper, kurta);
    expect(await likedIds(shopper)).toEqual([saree, kurta]);
  });

  it("never shows one shopper another shopper's likes", async () => {
    const asha = await signedInShopper();
    const ravi = await signedInShopper();
    await like(asha, kurta);
    await like(ravi, saree);

    expect(await likedIds(asha)).toEqual([kurta]);
    expect(await likedIds(ravi)).toEqual([saree]);
    const raviProducts = await ravi.request({ method: 'GET', url: API.likes.products });
    expect((raviProducts.json() as { products: ProductSummary[] }).products.map((p) => p._id)).toEqual([
      saree,
    ]);

    // Ravi unliking Asha's product changes nothing for Asha.
    expect((await unlike(ravi, kurta)).statusCode).toBe(200);
    expect(await likedIds(asha)).toEqual([kurta]);
  });
});

describe('routing', () => {
  it('does not take /api/products/likes/ids for a product id', async () => {
    const guest = createClient(t.app);
    // A product id route would answer 404 "Product not found."; the likes route answers 401.
    const res = await guest.request({ method: 'GET', url: API.likes.ids });
    expect(res.statusCode).toBe(401);
    const product = await guest.request({ method: 'GET', url: API.catalog.product(kurta) });
    expect(product.statusCode).toBe(200);
  });
});
