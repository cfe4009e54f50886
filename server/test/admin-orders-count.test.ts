import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { SECOND } from '../../common/constants';
import { createUser } from '../db/factories/user.factory';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let clock = new Date('2026-11-23T10:00:00.000Z');
let support: StaffMember;
let customer: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  support = await signedInStaff(t, 'support');
  customer = await createUser(t.database.db);
}, 60_000);
afterAll(() => t.close());

/** `n` cash-on-delivery orders of the customer, placed now, in one statement. */
async function insertOrders(n: number, prefix: string) {
  await t.database.db.execute(sql`
    insert into orders (order_number, user_id, address, items_price_paise, shipping_price_paise,
      tax_price_paise, discount_paise, total_price_paise, payment_mode, payment_status, delivery_status,
      created_at)
    select ${prefix} || n, ${customer}, '{}'::jsonb, 49900, 0, 0, 0, 49900, 'COD', 'Pending', 'Pending',
      ${clock.toISOString()}::timestamptz
    from generate_series(1, ${n}) as n`);
}

const listTotal = async () => {
  const res = await support.client.request({ method: 'GET', url: API.admin.orders });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; pages: number; orders: { orderNumber: string }[] };
};

it('counts a list of up to 5,000 orders on every answer, and a larger one at most 30 s old while its rows stay live', async () => {
  await insertOrders(4_999, 'PNV-A-');
  expect((await listTotal()).total).toBe(4_999);
  await insertOrders(1, 'PNV-B-');
  expect((await listTotal()).total).toBe(5_000);

  await insertOrders(2, 'PNV-C-');
  const large = await listTotal();
  expect(large.total).toBe(5_002);
  expect(large.pages).toBe(Math.ceil(5_002 / large.orders.length));

  clock = new Date(clock.getTime() + SECOND);
  await insertOrders(1, 'PNV-D-');
  const soon = await listTotal();
  expect(soon.orders[0]?.orderNumber).toBe('PNV-D-1');
  expect(soon.total).toBe(5_002);

  clock = new Date(clock.getTime() + 30 * SECOND);
  expect((await listTotal()).total).toBe(5_003);
}, 60_000);
