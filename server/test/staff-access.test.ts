import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, STAFF_PREFIX } from '../../common/api-paths';
import { can, PERMISSIONS, type Permission, STAFF_ROLES, type StaffRole } from '../../common/staff';
import { SECURITY } from '../plugins/openapi';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

/**
 * Who may call which staff route, for every route the OpenAPI document lists under /api/admin (so a
 * route added later is covered without touching this file): a guest gets 401, a customer 403, and
 * each staff role 403 FORBIDDEN exactly when it lacks the permission the route declares.
 */

interface StaffOperation {
  method: string;
  path: string;
  permission: Permission;
}

let t: TestApp;
let operations: StaffOperation[];
const staff = {} as Record<StaffRole, StaffMember>;
let guest: TestClient;
let customer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: API.docs.document })).json();
  operations = [];
  for (const [path, item] of Object.entries<Record<string, { security?: Record<string, string[]>[] }>>(
    document.paths,
  )) {
    if (!path.startsWith(STAFF_PREFIX)) continue;
    for (const [method, operation] of Object.entries(item)) {
      const scopes = operation.security?.[0]?.[SECURITY.session] ?? [];
      const permission = scopes.find((scope): scope is Permission =>
        PERMISSIONS.includes(scope as Permission),
      );
      if (!permission) throw new Error(`${method.toUpperCase()} ${path} names no permission`);
      operations.push({ method: method.toUpperCase(), path, permission });
    }
  }
  for (const role of STAFF_ROLES) staff[role] = await signedInStaff(t, role);
  guest = createClient(t.app);
  customer = createClient(t.app, { remoteAddress: '10.8.0.1' });
  await signUp(customer);
}, 60_000);
afterAll(() => t.close());

/** A concrete URL for the operation: every path parameter is an id that does not exist. */
const urlOf = (operation: StaffOperation) => operation.path.replace(/\{[^}]+\}/g, () => randomUUID());

const call = (client: TestClient, operation: StaffOperation) =>
  client.request({
    method: operation.method as 'GET',
    url: urlOf(operation),
    ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the staff routes', () => {
  it('are many, and each declares a permission', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
  });

  it('answer 401 to a guest and 403 to a customer', async () => {
    for (const operation of operations) {
      const where = `${operation.method} ${operation.path}`;
      expect((await call(guest, operation)).statusCode, where).toBe(401);
      const refused = await call(customer, operation);
      expect(refused.statusCode, where).toBe(403);
      expect(refused.json(), where).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  for (const role of STAFF_ROLES) {
    it(`answer 403 FORBIDDEN to ${role} exactly where the role lacks the permission`, async () => {
      for (const operation of operations) {
        const where = `${role}: ${operation.method} ${operation.path}`;
        const res = await call(staff[role].client, operation);
        if (can(role, operation.permission)) {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json(), where).toEqual({
            message: 'Your role does not allow this. Ask the shop owner.',
            code: 'FORBIDDEN',
          });
        }
      }
    });
  }
});

describe('GET /api/admin/me', () => {
  it('answers the staff member and what the role may do', async () => {
    const expected: Record<StaffRole, Permission[]> = {
      owner: ['shop:read', 'orders:handle', 'orders:money', 'catalog:write', 'audit:read', 'staff:manage'],
      manager: ['shop:read', 'orders:handle', 'orders:money', 'catalog:write', 'audit:read'],
      support: ['shop:read', 'orders:handle'],
    };
    for (const role of STAFF_ROLES) {
      const res = await staff[role].client.request({ method: 'GET', url: API.admin.me });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: expect.objectContaining({ _id: staff[role].user._id, role }),
        permissions: expected[role],
        twoFactorEnabled: false,
        twoFactorSetupRequired: false,
      });
    }
  });

  it('check-auth carries the staff role', async () => {
    const res = await staff.manager.client.request({ method: 'GET', url: API.users.checkAuth });
    expect(res.json().user.role).toBe('manager');
  });
});
