import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { ConfigError } from '../config/config';
import { ensureConfiguredAdmin } from '../modules/users/ensure-admin';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

const ADMIN_EMAIL = 'owner@pehnava.in';
const ADMIN_PASSWORD = 'Lehenga#Gold2026';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
});
afterAll(() => t.close());

let lastOctet = 0;
const newClient = () => createClient(t.app, { remoteAddress: `10.3.0.${++lastOctet}` });
const customers = (client: TestClient, query = '') =>
  client.request({ method: 'GET', url: `${API.admin.customers}${query}` });

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates that admin at start-up, and a second start changes nothing', async () => {
    expect(await ensureConfiguredAdmin(t.database.db, t.config)).toBe('created');
    expect(await ensureConfiguredAdmin(t.database.db, t.config)).toBe('unchanged');
    const admin = newClient();
    const res = await admin.request({
      method: 'POST',
      url: API.users.login,
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('owner');
  });

  it('promotes an existing customer with that email and sets the password', async () => {
    const shopper = newClient();
    const { email } = await signUp(shopper);
    expect(await ensureConfiguredAdmin(t.database.db, { ADMIN_EMAIL: email, ADMIN_PASSWORD })).toBe(
      'updated',
    );
    // The promotion ended the customer-era session: privileges come with a new sign-in.
    expect((await shopper.request({ method: 'GET', url: API.users.checkAuth })).json().user).toBeNull();
    const res = await newClient().request({
      method: 'POST',
      url: API.users.login,
      payload: { email, password: ADMIN_PASSWORD },
    });
    expect(res.json().user.role).toBe('owner');
  });

  it('stops start-up with a clear message when ADMIN_PASSWORD breaks the rules', async () => {
    const attempt = ensureConfiguredAdmin(t.database.db, {
      ADMIN_EMAIL: 'x@pehnava.in',
      ADMIN_PASSWORD: 'short',
    });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/ADMIN_PASSWORD: Password needs: at least 8 characters\./);
  });
});

describe('the /api/admin guard', () => {
  it('answers 401 to a guest and 403 to a customer, on known and unknown admin paths', async () => {
    const guest = newClient();
    expect((await customers(guest)).statusCode).toBe(401);
    expect((await guest.request({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);

    const customer = newClient();
    await signUp(customer);
    const res = await customers(customer);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This area is for shop staff only.');
    expect((await customer.request({ method: 'DELETE', url: '/api/admin/customers/x' })).statusCode).toBe(
      403,
    );
  });

  it('lists customers, paged, for an admin: no password material, no staff', async () => {
    await ensureConfiguredAdmin(t.database.db, t.config);
    const admin = newClient();
    await admin.request({
      method: 'POST',
      url: API.users.login,
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    await admin.fetchCsrf();
    const { email } = await signUp(newClient(), { name: 'Ritu Singh' });

    const res = await customers(admin, '?page=1&limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pages: 1 });
    expect(body.total).toBe(body.customers.length);
    expect(body.customers).toContainEqual({
      _id: expect.any(String),
      name: 'Ritu Singh',
      email,
      phone: null,
      createdAt: expect.any(String),
      closed: false,
      blocked: false,
    });
    expect(body.customers.map((c: { email: string }) => c.email)).not.toContain(ADMIN_EMAIL);
    expect(res.body).not.toMatch(/argon|passwordHash/);

    const paged = await customers(admin, '?page=2&limit=1');
    expect(paged.json()).toMatchObject({ page: 2, pages: body.total, total: body.total });
    expect(paged.json().customers).toHaveLength(1);
    expect((await customers(admin, '?limit=500')).statusCode).toBe(422);
  });
});
