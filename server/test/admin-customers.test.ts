import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { CUSTOMER_MESSAGES } from '../../common/schemas/admin';
import { createProduct } from '../db/factories/product.factory';
import { deliver, line, placeCod, signedInShopper } from './order-kit';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let manager: StaffMember;
let support: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedInStaff(t, 'manager');
  support = await signedInStaff(t, 'support');
}, 60_000);
afterAll(() => t.close());

const get = (who: StaffMember, url: string) => who.client.request({ method: 'GET', url });

describe('GET /api/admin/customers?q=', () => {
  it('finds customers by part of their name or email, or their phone, and never lists staff', async () => {
    const s = await signedInShopper(t, { name: 'Meenakshi Rao' });
    const byName = (await get(support, `${API.admin.customers}?q=meenakshi`)).json();
    expect(byName.customers.map((c: { _id: string }) => c._id)).toEqual([s.userId]);
    expect(byName.customers[0]).toMatchObject({ blocked: false, closed: false });
    const byEmail = (
      await get(support, `${API.admin.customers}?q=${encodeURIComponent(s.account.email)}`)
    ).json();
    expect(byEmail.total).toBe(1);
    const staffEmail = (
      await get(support, `${API.admin.customers}?q=${encodeURIComponent(manager.email)}`)
    ).json();
    expect(staffEmail.total).toBe(0);
    const wildcard = (await get(support, `${API.admin.customers}?q=${encodeURIComponent('%')}`)).json();
    expect(wildcard.total).toBe(0);
  });
});

describe('GET /api/admin/customers/{id}', () => {
  it('answers the profile, addresses, orders, reviews and lifetime value', async () => {
    const s = await signedInShopper(t);
    const product = await createProduct(t.database.db, { name: 'Silk Dupatta', price: 499, mrp: 799 });
    const delivered = await placeCod(s, [line(product)]);
    await deliver(t, delivered, new Date());
    await placeCod(s, [line(product)]);
    const res = await get(support, API.admin.customer(s.userId));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ _id: s.userId, email: s.account.email, blocked: false });
    expect(body.addresses).toHaveLength(1);
    expect(body.orders).toHaveLength(2);
    expect(body.reviews).toEqual([]);
    // Only the delivered cash order counts; the one still on its way does not.
    expect(body.lifetimeValue).toBe(delivered.totalPrice);
  });

  it('answers 404 for a staff account or an unknown id, 422 for a malformed one', async () => {
    expect((await get(support, API.admin.customer(manager.user._id))).statusCode).toBe(404);
    const unknown = await get(support, API.admin.customer('7c1a0e4e-3a4b-4c5d-8e9f-0a1b2c3d4e5f'));
    expect(unknown.json()).toMatchObject({ message: CUSTOMER_MESSAGES.notFound });
    expect((await get(support, API.admin.customer('nope'))).statusCode).toBe(422);
  });
});

describe('blocking a customer', () => {
  it('ends their sessions at once, refuses their sign-in with 403, and unblocking lets them back', async () => {
    const s = await signedInShopper(t);
    expect(
      (await support.client.request({ method: 'POST', url: API.admin.customerBlock(s.userId) })).statusCode,
    ).toBe(403);
    const blocked = await manager.client.request({ method: 'POST', url: API.admin.customerBlock(s.userId) });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().customer).toMatchObject({ _id: s.userId, blocked: true });

    const auth = await s.client.request({ method: 'GET', url: API.users.checkAuth });
    expect(auth.json().user).toBeNull();
    await s.client.fetchCsrf();
    const login = { email: s.account.email, password: s.account.password };
    const refused = await s.client.request({ method: 'POST', url: API.users.login, payload: login });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: CUSTOMER_MESSAGES.blocked });

    const audit = (await get(manager, `${API.admin.audit}?entity=customer&entityId=${s.userId}`)).json();
    expect(audit.entries[0]).toMatchObject({ action: 'customer.block', after: { blocked: true } });

    expect(
      (await manager.client.request({ method: 'POST', url: API.admin.customerUnblock(s.userId) })).json()
        .customer.blocked,
    ).toBe(false);
    const back = await s.client.request({ method: 'POST', url: API.users.login, payload: login });
    expect(back.statusCode, back.body).toBe(200);
  });
});
