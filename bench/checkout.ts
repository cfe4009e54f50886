import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { API } from '../common/api-paths';
import type { Db } from '../server/db/client';
import { createProduct } from '../server/db/factories/product.factory';
import { products, productVariants } from '../server/modules/catalog/catalog.schema';
import { orderItems } from '../server/modules/order/order.schema';
import type { CheckoutLoad, CheckoutLoadResult, LoadBuyer } from './checkout-load';
import type { Measurement } from './measure';

const PASSWORD = 'Kurta#Silk2026';
/** Sign-ups prepared at once: argon2 hashing is the cost, and two cores run two hashes at a time. */
const PREPARE_CONCURRENCY = 8;
const VARIANT = { color: 'Indigo', size: 'M' } as const;
const PRICE = 799;
const LOAD_MODULE = new URL('./checkout-load.ts', import.meta.url).href;

/** A browser's cookies, as few as a shopper needs (the guest CSRF id, then the session). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function call(baseUrl: string, jar: CookieJar, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', cookie: jar.header(), ...init.headers },
  });
  jar.take(response);
  const body = await response.json().catch(() => null);
  const expected = init.method === 'POST' ? 201 : 200;
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

const csrfOf = async (baseUrl: string, jar: CookieJar) =>
  ((await call(baseUrl, jar, API.users.csrf)) as { csrfToken: string }).csrfToken;

/** One shopper as a browser leaves it before checkout: signed up, an address saved, a fresh CSRF token. */
async function prepareBuyer(baseUrl: string, n: number): Promise<LoadBuyer> {
  const jar = new CookieJar();
  const post = async (path: string, token: string, payload: object) =>
    call(baseUrl, jar, path, {
      method: 'POST',
      headers: { 'x-csrf-token': token },
      body: JSON.stringify(payload),
    });
  await post(API.users.register, await csrfOf(baseUrl, jar), {
    name: `Bench Buyer ${n}`,
    email: `bench-buyer-${n}-${randomBytes(4).toString('hex')}@example.in`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    isAdult: true,
  });
  // Signing up started a session, which voids the guest token (docs/decisions/003).
  const token = await csrfOf(baseUrl, jar);
  const { address } = (await post(API.address.collection, token, {
    name: `Bench Buyer ${n}`,
    phone: 9876543210,
    addressLine1: '12 Rangoli Lane',
    addressLine2: '',
    addressLine3: '',
    pincode: 302001,
    district: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
  })) as { address: { _id: string } };
  return { cookie: jar.header(), csrfToken: token, addressId: address._id };
}

/** Signs up `count` buyers through the API, a few at a time; not measured. */
export async function prepareBuyers(baseUrl: string, count: number): Promise<LoadBuyer[]> {
  const buyers: LoadBuyer[] = [];
  for (let start = 0; start < count; start += PREPARE_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(PREPARE_CONCURRENCY, count - start) }, (_, i) =>
      prepareBuyer(baseUrl, start + i),
    );
    buyers.push(...(await Promise.all(batch)));
  }
  return buyers;
}

function runLoad(load: CheckoutLoad): Promise<CheckoutLoadResult> {
  return new Promise((resolve, reject) => {
    // tsx's loader hooks do not reach a worker's entry file on Node 20, so a small JavaScript entry
    // loads the TypeScript load module through tsx's API.
    const entry = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(LOAD_MODULE)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(entry, { eval: true, workerData: load });
    worker.once('message', (result: CheckoutLoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the checkout load worker exited (${code}) without a result`)),
    );
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** What the database says after a run: units sold, orders and stock left of the one variant. */
async function stockState(db: Db, productId: string) {
  const [variant] = await db
    .select({ stock: productVariants.countInStock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.color, VARIANT.color),
        eq(productVariants.size, VARIANT.size),
      ),
    );
  const [sold] = await db
    .select({
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      orders: countDistinct(orderItems.orderId),
    })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  const [product] = await db
    .select({ soldCount: products.soldCount })
    .from(products)
    .where(eq(products.id, productId));
  return {
    stock: variant?.stock ?? Number.NaN,
    units: sold?.units ?? 0,
    orders: sold?.orders ?? 0,
    soldCount: product?.soldCount ?? Number.NaN,
  };
}

export interface CheckoutRun {
  name: string;
  measurement: Measurement;
  /** One line for the report: what was sold, what was refused, how fast. */
  summary: string;
}

/**
 * 200 buyers (by default) place cash-on-delivery orders for one variant with `stock` units, each
 * `rounds` orders one after the other, all buyers at once. Afterwards the answers and the database
 * must agree that exactly min(stock, orders asked) units were sold and the stock never went below 0;
 * anything else throws, failing the run. Out-of-stock refusals are the expected answer past the
 * stock, not failures; any other answer is.
 */
export async function runCheckout(
  shop: { baseUrl: string; db: Db },
  buyers: LoadBuyer[],
  { stock, rounds, name }: { stock: number; rounds: number; name: string },
): Promise<CheckoutRun> {
  const productId = await createProduct(shop.db, {
    name: `Bench Kurta ${randomBytes(3).toString('hex')}`,
    price: PRICE,
    mrp: 999,
    variants: [{ ...VARIANT, countInStock: stock }],
  });
  const asked = buyers.length * rounds;
  const result = await runLoad({
    url: `${shop.baseUrl}${API.order.place}`,
    buyers,
    rounds,
    cartItem: {
      productId,
      quantity: 1,
      price: PRICE,
      selectedColor: VARIANT.color,
      selectedSize: VARIANT.size,
    },
  });
  const after = await stockState(shop.db, productId);
  const placed = result.answers['201'] ?? 0;
  const outOfStock = result.answers['400 OUT_OF_STOCK'] ?? 0;
  const expected = Math.min(stock, asked);
  const problems = [
    placed !== expected && `${placed} orders were placed, expected ${expected}`,
    after.units !== expected && `${after.units} units were sold, expected ${expected}`,
    after.orders !== placed && `${after.orders} orders hold the product, but ${placed} answers were 201`,
    after.soldCount !== expected && `sold count is ${after.soldCount}, expected ${expected}`,
    after.stock !== stock - expected && `${after.stock} units are left, expected ${stock - expected}`,
    after.stock < 0 && `the stock went negative (${after.stock})`,
  ].filter((problem) => problem !== false);
  if (problems.length > 0) {
    throw new Error(
      `checkout "${name}" is wrong: ${problems.join('; ')}. Answers: ${JSON.stringify(result.answers)}`,
    );
  }
  const latencies = [...result.latencies].sort((a, b) => a - b);
  const seconds = result.ms / 1000;
  return {
    name,
    measurement: {
      requestsPerSecond: asked / seconds,
      p99Ms: Math.round(percentile(latencies, 99)),
      failures: asked - placed - outOfStock,
      requests: asked,
    },
    summary:
      `${name}: ${buyers.length} buyers asked for ${asked} units of ${stock}; ${placed} orders placed, ` +
      `${outOfStock} refused as out of stock, ${after.stock} left; ` +
      `${(placed / seconds).toFixed(1)} orders/s, ${(asked / seconds).toFixed(1)} checkouts answered/s ` +
      `in ${seconds.toFixed(2)} s, p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms`,
  };
}
