import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY } from '../../common/constants';
import { deliveredAtOf, withinReturnWindow } from '../../common/return-window';
import type { ArchivedOrder, Order } from '../../common/schemas/order';
import { buildDemoCatalog } from '../db/demo/demo-catalog';
import { DEMO_SHOPPER } from '../db/demo/shopper';
import { type SeedResult, seedIfEmpty } from '../db/seed';
import { products, productVariants } from '../modules/catalog/catalog.schema';
import { orderHistory, orders } from '../modules/order/order.schema';
import { users } from '../modules/users/users.schema';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

const quiet = { info: () => {} };
const demo = buildDemoCatalog();

let t: TestApp;
let seeded: SeedResult;
let shopper: TestClient;
let current: Order[];
let archived: ArchivedOrder[];
let archivePages: number;

async function allPages<T>(client: TestClient, url: string): Promise<{ orders: T[]; pages: number }> {
  const first = (await client.request({ method: 'GET', url: `${url}?page=1` })).json();
  const rest = [];
  for (let page = 2; page <= first.pages; page += 1) {
    rest.push((await client.request({ method: 'GET', url: `${url}?page=${page}` })).json());
  }
  return { orders: [first, ...rest].flatMap((answer) => answer.orders), pages: first.pages };
}

beforeAll(async () => {
  t = await createTestApp({ SEED: 'demo' });
  seeded = await seedIfEmpty({ db: t.database.db, config: t.config, log: quiet });
  shopper = createClient(t.app);
  const login = await shopper.request({
    method: 'POST',
    url: API.users.login,
    payload: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
  });
  expect(login.statusCode).toBe(200);
  await shopper.fetchCsrf();
  current = (await allPages<Order>(shopper, API.order.mine)).orders;
  ({ orders: archived, pages: archivePages } = await allPages<ArchivedOrder>(shopper, API.order.archived));
  // The whole demo catalog, its reviews and the shopper: longer than the usual hook on a busy machine.
}, 120_000);
afterAll(() => t?.close());

describe('the demo shopper (SEED=demo)', () => {
  it('signs in with the published credentials, with a verified phone and one address', async () => {
    const auth = (await shopper.request({ method: 'GET', url: API.users.checkAuth })).json();
    expect(auth.user).toMatchObject({ name: DEMO_SHOPPER.name, email: DEMO_SHOPPER.email, role: 'customer' });
    expect(auth.isMobVerified).toBe(true);
    const { addresses } = (await shopper.request({ method: 'GET', url: API.address.collection })).json();
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({ district: 'Mumbai', state: 'Maharashtra', isDefault: true });
  });

  it('has 25 orders: 14 archived over two pages, 11 in My Orders', () => {
    expect(seeded.demoShopperOrders).toBe(25);
    expect(archived).toHaveLength(14);
    expect(archivePages).toBe(2);
    expect(current).toHaveLength(11);
    const orderTimes = [...current.map((o) => o.orderTimestamp), ...archived.map((o) => o.orderTimestamp)];
    const oldest = Math.min(...orderTimes.map((time) => Date.parse(time)));
    expect(Date.now() - oldest).toBeGreaterThan(110 * DAY);
    expect(Date.now() - oldest).toBeLessThan(125 * DAY);
  });

  it('archives Cancelled and Failed orders placed in the last 60 days as well as the old ones', () => {
    const closedRecently = archived.filter(
      (order) =>
        ['Cancelled', 'Failed'].includes(order.deliveryStatus) &&
        Date.now() - Date.parse(order.orderTimestamp) < 60 * DAY,
    );
    expect(closedRecently.map((order) => order.deliveryStatus).sort()).toEqual([
      'Cancelled',
      'Cancelled',
      'Failed',
    ]);
  });

  it('has at least two orders delivered within the return window with refundable items, older deliveries, and one Processing', () => {
    const now = new Date();
    const delivered = current.filter((order) => order.deliveryStatus === 'Delivered');
    const returnable = delivered.filter((order) => {
      const deliveredAt = deliveredAtOf(order.history);
      return (
        deliveredAt !== undefined &&
        withinReturnWindow(deliveredAt, now) &&
        order.items.some((item) => item.isRefundable)
      );
    });
    expect(returnable.length).toBeGreaterThanOrEqual(2);
    expect(delivered.length - returnable.length).toBeGreaterThanOrEqual(3);
    expect(current.filter((order) => order.deliveryStatus === 'Processing')).toHaveLength(1);
    expect(current.some((order) => order.returnRequest?.status === 'Returned')).toBe(true);
  });

  it('records a history that runs forward in time, ends in the order’s statuses, and sends no mail', async () => {
    for (const order of current) {
      const times = order.history.map((entry) => Date.parse(entry.at));
      expect(times[0]).toBe(Date.parse(order.orderTimestamp));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)).toBeLessThanOrEqual(Date.now());
      expect(order.history.at(-1)).toMatchObject({
        deliveryStatus: order.deliveryStatus,
        paymentStatus: order.paymentStatus,
      });
    }
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_SHOPPER.email));
    const ids = (
      await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, user?.id ?? ''))
    ).map((row) => row.id);
    const history = await t.database.db.select().from(orderHistory).where(inArray(orderHistory.orderId, ids));
    expect(history.length).toBeGreaterThan(80);
    expect(history.filter((entry) => entry.mailDueAt !== null)).toEqual([]);
  });

  it('takes no stock: every variant holds what the demo catalog says', async () => {
    const stored = await t.database.db
      .select({
        name: products.name,
        color: productVariants.color,
        size: productVariants.size,
        n: productVariants.countInStock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId));
    const key = (v: { name: string; color: string; size: string; n: number }) =>
      `${v.name}|${v.color}|${v.size}|${v.n}`;
    expect(stored.map(key).sort()).toEqual(
      demo.flatMap((p) => p.variants.map((v) => key({ name: p.name, ...v, n: v.countInStock }))).sort(),
    );
  });

  it('can request a return on a recent delivery', async () => {
    const now = new Date();
    const order = current.find((candidate) => {
      const deliveredAt = deliveredAtOf(candidate.history);
      return candidate.deliveryStatus === 'Delivered' && deliveredAt && withinReturnWindow(deliveredAt, now);
    });
    const res = await shopper.request({
      method: 'POST',
      url: API.order.return(order?._id ?? ''),
      payload: { reason: 'The size runs small.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.deliveryStatus).toBe('Return Requested');
  });
});

describe('the demo shopper in production', () => {
  // A second whole demo catalog on a machine busy with other tests.
  it('is not created with NODE_ENV=production, though the demo catalog is', async () => {
    const prod = await createTestApp({ SEED: 'demo' });
    try {
      const result = await seedIfEmpty({
        db: prod.database.db,
        config: { ...prod.config, NODE_ENV: 'production' },
        log: quiet,
      });
      expect(result).toMatchObject({ inserted: demo.length, demoShopperOrders: 0 });
      const [row] = await prod.database.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.email, DEMO_SHOPPER.email));
      expect(row?.n).toBe(0);
    } finally {
      await prod.close();
    }
  }, 120_000);
});
