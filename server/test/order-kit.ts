import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { API } from '../../common/api-paths';
import type { Address } from '../../common/schemas/address';
import type { Order, PlaceOrderInput } from '../../common/schemas/order';
import { moveOrder } from '../db/factories/order.factory';
import { productVariants } from '../modules/catalog/catalog.schema';
import { createClient, type SignedUp, signUp, type TestApp, type TestClient } from './test-app';

/** What the order API tests share: a signed-in shopper with an address, cart lines, placing, stock. */

export const homeAddress = {
  name: 'Asha Verma',
  phone: 9876543210,
  addressLine1: '12 Rangoli Lane',
  addressLine2: 'Near the temple',
  addressLine3: '',
  pincode: 302001,
  district: 'Jaipur',
  state: 'Rajasthan',
  country: 'India',
};

export interface Shopper {
  client: TestClient;
  userId: string;
  address: Address;
  /** The sign-up: name, email and password. */
  account: SignedUp;
}

let shoppers = 0;

/**
 * A new signed-in shopper with one saved address, added through the address API. Each speaks from
 * its own client address, so the per-address sign-up limit never trips.
 */
export async function signedInShopper(t: TestApp, { name }: { name?: string } = {}): Promise<Shopper> {
  shoppers += 1;
  const client = createClient(t.app, {
    remoteAddress: `10.88.${Math.floor(shoppers / 250)}.${shoppers % 250}`,
  });
  const account = await signUp(client, name ? { name } : {});
  const res = await client.request({ method: 'POST', url: API.address.collection, payload: homeAddress });
  expect(res.statusCode).toBe(201);
  return { client, userId: account.user._id, address: res.json().address, account };
}

/** A cart line of the order payload: one White/M at ₹499 unless told otherwise. */
export const line = (productId: string, overrides: Partial<PlaceOrderInput['cartItems'][number]> = {}) => ({
  productId,
  quantity: 1,
  price: 499,
  selectedColor: 'White',
  selectedSize: 'M',
  isRefundable: false,
  ...overrides,
});

/** A cash-on-delivery order payload to the shopper's address. */
export const cod = (s: Shopper, cartItems: object[], extra: object = {}) => ({
  addressId: s.address._id,
  cartItems,
  orderNotes: 'Please call before delivery.',
  paymentMode: 'COD',
  ...extra,
});

export const place = (s: Shopper, payload: object, headers: Record<string, string> = {}) =>
  s.client.request({ method: 'POST', url: API.order.place, payload, headers });

/** Places a cash-on-delivery order of these lines at the app's current clock; fails the test on any answer but 201. */
export async function placeCod(s: Shopper, cartItems: object[]): Promise<Order> {
  const res = await place(s, cod(s, cartItems));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order;
}

export async function stockOf(t: TestApp, productId: string, color = 'White', size = 'M'): Promise<number> {
  const [row] = await t.database.db
    .select({ n: productVariants.countInStock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.color, color),
        eq(productVariants.size, size),
      ),
    );
  return row?.n ?? -1;
}

/**
 * Moves an order on as the courier would, through the order service (the courier integration is its
 * own slice): Shipped a day before `deliveredAt`, then Delivered (COD is paid on delivery) at `deliveredAt`.
 */
export async function deliver(t: TestApp, order: Order, deliveredAt: Date): Promise<void> {
  const paidOnDelivery = order.paymentMode === 'COD' ? 'Paid' : order.paymentStatus;
  await moveOrder(t.database.db, order._id, {
    deliveryStatus: 'Shipped',
    paymentStatus: order.paymentStatus,
    note: 'Handed to the courier.',
    at: new Date(deliveredAt.getTime() - 24 * 60 * 60 * 1000),
  });
  await moveOrder(t.database.db, order._id, {
    deliveryStatus: 'Delivered',
    paymentStatus: paidOnDelivery,
    note: 'Delivered.',
    at: deliveredAt,
  });
}
