import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES, type Order } from '../../common/schemas/order';
import type { Db } from '../db/client';
import { createProduct } from '../db/factories/product.factory';
import { products, productVariants } from '../modules/catalog/catalog.schema';
import { createInventoryService, type StockLine } from '../modules/catalog/inventory.service';
import { idempotencyKeys, orderItems, orders } from '../modules/order/order.schema';
import { payments } from '../modules/payments/payments.schema';
import { cod, line, place, type Shopper, signedInShopper, stockOf } from './order-kit';
import { recordingPaymentProvider } from './payments-helpers';
import { createTestApp, skipWithoutPostgres, type TestApp } from './test-app';

/**
 * How checkout takes stock when carts overlap (DESIGN.md §6): every transaction locks variant rows in
 * one order (product, colour, size) and a product's row (its sold count) right after the last of its
 * variants, so carts holding overlapping variants, listed in any order, never wait for each other in
 * a cycle (PostgreSQL would end one of them with "deadlock detected", a 500).
 */

let t: TestApp;
const clock = new Date('2026-11-22T10:00:00.000Z');
/** What happens elsewhere while an online order's payment is being opened (after its stock was read). */
let meanwhile: (() => Promise<unknown>) | undefined;

beforeAll(async () => {
  const { provider } = recordingPaymentProvider();
  t = await createTestApp(
    {},
    {
      now: () => clock,
      providers: {
        payment: {
          ...provider,
          async createOrder(order) {
            await meanwhile?.();
            return provider.createOrder(order);
          },
        },
      },
    },
  );
});
afterAll(() => t.close());

/** A kurta at ₹499 with `l` White/L and `m` White/M. */
const kurta = (l: number, m: number) =>
  createProduct(t.database.db, {
    name: 'Silk Kurta',
    price: 499,
    mrp: 799,
    variants: [
      { color: 'White', size: 'L', countInStock: l },
      { color: 'White', size: 'M', countInStock: m },
    ],
  });

async function soldOf(productId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: products.soldCount })
    .from(products)
    .where(eq(products.id, productId));
  return row?.n ?? -1;
}

describe('overlapping carts placed at once', () => {
  it('two variants in either order, one of them alone and another product: every order placed, stock exact', async () => {
    const productId = await kurta(20, 30);
    const dupatta = await createProduct(t.database.db, { name: 'Linen Dupatta', price: 499, mrp: 799 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signedInShopper(t)));
    const carts = [
      [line(productId, { selectedSize: 'L' }), line(productId, { selectedSize: 'M' })],
      [line(dupatta), line(productId, { selectedSize: 'M' }), line(productId, { selectedSize: 'L' })],
      [line(productId, { selectedSize: 'M' })],
    ];
    // Ten of each cart: White/L sells 20 of 20, White/M 30 of 30, the dupatta 10 of 10.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const buyer = buyers[i % buyers.length] as Shopper;
        return place(buyer, cod(buyer, carts[i % carts.length] as object[]));
      }),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(201));
    // The answer lists the lines as the cart did, whatever order the stock was taken in.
    const second = (answers[1]?.json() as { order: Order } | undefined)?.order;
    expect(second?.items.map((item) => [item.productId, item.selectedSize])).toEqual([
      [dupatta, 'M'],
      [productId, 'M'],
      [productId, 'L'],
    ]);
    expect(await stockOf(t, productId, 'White', 'L')).toBe(0);
    expect(await stockOf(t, productId, 'White', 'M')).toBe(0);
    expect(await stockOf(t, dupatta)).toBe(0);
    expect(await soldOf(productId)).toBe(50);
    expect(await soldOf(dupatta)).toBe(10);
  });
});

describe('a shortfall found only when the stock is taken, after the order was written', () => {
  it('rolls back the order, its lines, its payment and the stored answer, and leaves the key usable', async () => {
    const s = await signedInShopper(t);
    const productId = await kurta(10, 10);
    const whiteM = and(
      eq(productVariants.productId, productId),
      eq(productVariants.color, 'White'),
      eq(productVariants.size, 'M'),
    );
    // Another buyer takes White/M down to 2 after this cart's stock was read, while its payment opens.
    meanwhile = () => t.database.db.update(productVariants).set({ countInStock: 2 }).where(whiteM);
    const payload = cod(
      s,
      [
        line(productId, { selectedSize: 'L', quantity: 3 }),
        line(productId, { selectedSize: 'M', quantity: 5 }),
      ],
      { paymentMode: 'ONLINE' },
    );
    const headers = { 'idempotency-key': 'late-shortfall' };
    const res = await place(s, payload, headers);
    meanwhile = undefined;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ORDER_MESSAGES.outOfStock,
      code: 'OUT_OF_STOCK',
      errors: [{ path: 'cartItems.1.quantity', msg: 'Silk Kurta (White, M) does not have 5 left.' }],
    });
    const { db } = t.database;
    expect(await db.select().from(orders).where(eq(orders.userId, s.userId))).toEqual([]);
    expect(await db.select().from(orderItems).where(eq(orderItems.productId, productId))).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.userId, s.userId))).toEqual([]);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, s.userId))).toEqual([]);
    // White/L was taken before White/M came up short, and is back.
    expect(await stockOf(t, productId, 'White', 'L')).toBe(10);
    expect(await stockOf(t, productId, 'White', 'M')).toBe(2);
    expect(await soldOf(productId)).toBe(0);

    await db.update(productVariants).set({ countInStock: 10 }).where(whiteM);
    const retry = await place(s, payload, headers);
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(t, productId, 'White', 'L')).toBe(7);
    expect(await stockOf(t, productId, 'White', 'M')).toBe(5);
    expect(await soldOf(productId)).toBe(8);
  });
});

/** Backends of this test's database waiting for a lock another transaction holds. */
async function waitingForLocks(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
}

/** A transaction that locks one variant row and keeps it until `release()`; resolves once it holds it. */
async function holdVariant(db: Db, productId: string, color: string, size: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = db.transaction(async (tx) => {
    await tx
      .select({ stock: productVariants.countInStock })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.color, color),
          eq(productVariants.size, size),
        ),
      )
      .for('update');
    held();
    await released;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

// Only a server runs transactions side by side: PGlite has one connection, so a transaction that
// holds a lock would keep the others from ever starting.
describe('stock locks on PostgreSQL', () => {
  beforeEach(skipWithoutPostgres);

  type Inventory = ReturnType<typeof createInventoryService>;

  /**
   * Forces the interleaving that deadlocked while a product's sold count was locked between two of its
   * variants: a cart of White/M alone queues first for White/M (held by a third transaction); `second`
   * (which moves White/L and White/M) takes White/L and queues behind it. When White/M is freed, the
   * first cart takes it and then its product's row, which `second` must not be holding yet. Both
   * commit; a deadlock would fail one of them.
   */
  async function interleave(productId: string, second: (inventory: Inventory) => Promise<unknown>) {
    const { db } = t.database;
    const release = await holdVariant(db, productId, 'White', 'M');
    const first = db.transaction((tx) =>
      createInventoryService(tx).takeStock([{ productId, color: 'White', size: 'M', quantity: 1 }]),
    );
    await vi.waitFor(async () => expect(await waitingForLocks(db)).toBe(1));
    const other = db.transaction((tx) => second(createInventoryService(tx)));
    await vi.waitFor(async () => expect(await waitingForLocks(db)).toBe(2));
    await release();
    return Promise.all([first, other]);
  }

  it('a cart listing White/M before White/L and a cart of White/M alone both take their stock', async () => {
    const productId = await kurta(10, 10);
    const both: StockLine[] = [
      { productId, color: 'White', size: 'M', quantity: 2 },
      { productId, color: 'White', size: 'L', quantity: 1 },
    ];
    expect(await interleave(productId, (inventory) => inventory.takeStock(both))).toEqual([
      undefined,
      undefined,
    ]);
    expect(await stockOf(t, productId, 'White', 'M')).toBe(7);
    expect(await stockOf(t, productId, 'White', 'L')).toBe(9);
    expect(await soldOf(productId)).toBe(4);
  });

  it('a cancelled order of both variants returns its stock while a cart of White/M alone takes it', async () => {
    const productId = await kurta(10, 10);
    await t.database.db.update(products).set({ soldCount: 5 }).where(eq(products.id, productId));
    const both: StockLine[] = [
      { productId, color: 'White', size: 'M', quantity: 2 },
      { productId, color: 'White', size: 'L', quantity: 3 },
    ];
    await interleave(productId, (inventory) => inventory.returnStock(both));
    expect(await stockOf(t, productId, 'White', 'M')).toBe(11);
    expect(await stockOf(t, productId, 'White', 'L')).toBe(13);
    expect(await soldOf(productId)).toBe(1);
  });
});
