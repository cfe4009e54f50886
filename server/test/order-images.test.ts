import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY } from '../../common/constants';
import type { Order } from '../../common/schemas/order';
import { createProduct } from '../db/factories/product.factory';
import { cod, line, place, placeCod, type Shopper, signedInShopper } from './order-kit';
import { recordingPaymentProvider } from './payments-helpers';
import { createTestApp, type TestApp } from './test-app';

/** The picture an order line keeps is the one of the colour bought (common/color-images.ts). */

const RUST = '/images/products/kurta-rust.webp';
const RUST_BACK = '/images/products/kurta-rust-2.webp';
const PEACH = '/images/products/kurta-peach.webp';

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00.000Z');
const NOW = clock;
let s: Shopper;
let kurta: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { now: () => clock, providers: { payment: recordingPaymentProvider().provider } },
  );
  s = await signedInShopper(t);
  // Rust has two pictures and Peach one; Mint has none of its own.
  kurta = await createProduct(t.database.db, {
    name: 'Chanderi Kurta',
    price: 499,
    mrp: 799,
    images: [RUST, RUST_BACK, PEACH],
    imageColors: ['Rust', 'Rust', 'Peach'],
    variants: [
      { color: 'Rust', size: 'M', countInStock: 50 },
      { color: 'Peach', size: 'M', countInStock: 50 },
      { color: 'Mint', size: 'M', countInStock: 50 },
    ],
  });
});
afterAll(() => t.close());

const imagesOf = (order: Pick<Order, 'items'>) => order.items.map((item) => [item.selectedColor, item.image]);

describe('the image an order line keeps', () => {
  it('is the first image of the colour bought, whatever image the cart sent', async () => {
    const order = await placeCod(s, [
      // A cart from before pictures followed the colour sends the product's first image.
      { ...line(kurta, { selectedColor: 'Peach' }), image: RUST },
      line(kurta, { selectedColor: 'Rust' }),
    ]);
    expect(imagesOf(order)).toEqual([
      ['Peach', PEACH],
      ['Rust', RUST],
    ]);
    const read = await s.client.request({ method: 'GET', url: API.order.one(order._id) });
    expect(imagesOf(read.json())).toEqual([
      ['Peach', PEACH],
      ['Rust', RUST],
    ]);
    const mine = await s.client.request({ method: 'GET', url: API.order.mine });
    expect(imagesOf(mine.json().orders[0])).toEqual([
      ['Peach', PEACH],
      ['Rust', RUST],
    ]);
  });

  it("is the product's first image for a colour without images of its own", async () => {
    const order = await placeCod(s, [line(kurta, { selectedColor: 'Mint' })]);
    expect(imagesOf(order)).toEqual([['Mint', RUST]]);
  });

  it('is the colour bought for an online order too', async () => {
    const res = await place(s, cod(s, [line(kurta, { selectedColor: 'Peach' })], { paymentMode: 'ONLINE' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(imagesOf(res.json().order)).toEqual([['Peach', PEACH]]);
  });

  it('stays what it was when the order was placed, and the archive shows it', async () => {
    clock = new Date(NOW.getTime() - 61 * DAY);
    let old: Order;
    try {
      const res = await place(s, cod(s, [line(kurta, { selectedColor: 'Peach' })]));
      expect(res.statusCode).toBe(201);
      old = res.json().order;
    } finally {
      clock = NOW;
    }
    const res = await s.client.request({ method: 'GET', url: API.order.archived });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders).toEqual([
      expect.objectContaining({
        _id: old._id,
        items: [
          {
            productId: kurta,
            name: 'Chanderi Kurta',
            image: PEACH,
            quantity: 1,
            price: 499,
            selectedColor: 'Peach',
            selectedSize: 'M',
          },
        ],
      }),
    ]);
  });
});
