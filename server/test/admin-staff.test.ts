import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { HOUR } from '../../common/constants';
import { STAFF_MESSAGES } from '../../common/schemas/admin-staff';
import type { StaffRole } from '../../common/staff';
import { createProduct } from '../db/factories/product.factory';
import { staffInvites } from '../modules/users/users.schema';
import { createMailbox } from './mail-kit';
import { line, placeCod, signedInShopper } from './order-kit';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

/** A clock the tests move forward instead of sleeping. */
const clock = {
  current: new Date('2026-03-02T10:00:00Z'),
  now: () => new Date(clock.current),
  advance: (ms: number) => {
    clock.current = new Date(clock.current.getTime() + ms);
  },
};

const mailbox = createMailbox();
let t: TestApp;
let owner: StaffMember;

beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL: 'https://shop.example.in' },
    { providers: { mail: mailbox.provider }, now: clock.now },
  );
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const PASSWORD = 'Zari#Border2027';
let clients = 0;
const newClient = () => createClient(t.app, { remoteAddress: `10.30.0.${++clients}` });
let invitees = 0;
const newEmail = () => `colleague${++invitees}@example.in`;

const invite = (by: StaffMember, payload: object) =>
  by.client.request({ method: 'POST', url: API.admin.staff, payload });

const accept = (client: TestClient, token: string, password = PASSWORD) =>
  client.request({ method: 'POST', url: API.users.acceptInvite, payload: { token, password } });

const patchStaff = (by: StaffMember, id: string, payload: object) =>
  by.client.request({ method: 'PATCH', url: API.admin.staffMember(id), payload });

const login = (client: TestClient, email: string, password = PASSWORD) =>
  client.request({ method: 'POST', url: API.users.login, payload: { email, password } });

const me = (client: TestClient) => client.request({ method: 'GET', url: API.admin.me });

/** The token of the newest invitation mailed to `email`, read from its link. */
async function mailedToken(email: string): Promise<string> {
  await t.container.idle();
  const mail = mailbox.latest(email, /invited/);
  const token = mail.text.match(
    /https:\/\/shop\.example\.in\/admin\/accept-invite\?token=([A-Za-z0-9_-]+)/,
  )?.[1];
  if (!token) throw new Error(`no invitation link in ${mail.text}`);
  return token;
}

/** Invites `email` as `role` and accepts with a fresh client: the new member, signed in. */
async function joined(
  role: StaffRole,
  email = newEmail(),
): Promise<{ id: string; client: TestClient; email: string }> {
  expect((await invite(owner, { email, name: 'Meera Shah', role })).statusCode).toBe(201);
  const client = newClient();
  const res = await accept(client, await mailedToken(email));
  expect(res.statusCode, res.body).toBe(200);
  await client.fetchCsrf();
  return { id: res.json().user._id, client, email };
}

const auditOf = async (entityId: string) =>
  (await owner.client.request({ method: 'GET', url: `${API.admin.audit}?entityId=${entityId}` })).json()
    .entries;

describe('inviting staff', () => {
  it('mails a one-time link; accepting it signs the new member in with the invited role', async () => {
    const email = newEmail();
    const res = await invite(owner, {
      email: ` ${email.toUpperCase()} `,
      name: 'Meera Shah',
      role: 'support',
    });
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json().staff;
    expect(invited).toMatchObject({
      email,
      name: 'Meera Shah',
      role: 'support',
      status: 'invited',
      twoFactorEnabled: false,
      inviteExpiresAt: new Date(clock.current.getTime() + 72 * HOUR).toISOString(),
    });

    const token = await mailedToken(email);
    const mail = mailbox.latest(email, /invited/);
    expect(mail.subject).toBe('You are invited to the Pehnava back office');
    expect(mail.text).toContain('72 hours');
    // Only a hash of the token is stored.
    const [stored] = await t.database.db.select().from(staffInvites).where(eq(staffInvites.id, invited._id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const client = newClient();
    const accepted = await accept(client, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, name: 'Meera Shah', role: 'support' });
    expect(String(accepted.headers['set-cookie'])).toContain('pehnava_sid=');
    await client.fetchCsrf();
    const mine = await me(client);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      user: { email, role: 'support' },
      permissions: ['shop:read', 'orders:handle'],
    });

    const list = (await owner.client.request({ method: 'GET', url: API.admin.staff })).json().staff;
    const userId = accepted.json().user._id;
    expect(list).toContainEqual(expect.objectContaining({ _id: userId, status: 'active', role: 'support' }));
    expect(list.map((m: { _id: string }) => m._id)).not.toContain(invited._id);

    expect(await auditOf(invited._id)).toEqual([
      expect.objectContaining({
        action: 'staff.invite',
        entity: 'staff-invite',
        actor: expect.objectContaining({ _id: owner.user._id, role: 'owner' }),
        after: { email, name: 'Meera Shah', role: 'support' },
      }),
    ]);
    expect(await auditOf(userId)).toEqual([
      expect.objectContaining({
        action: 'staff.accept',
        entity: 'user',
        actor: expect.objectContaining({ _id: userId, role: 'support' }),
        before: null,
        after: { role: 'support', inviteId: invited._id },
      }),
    ]);
  });

  it('answers 410 to a used link, an expired link and an unknown one', async () => {
    const email = newEmail();
    await invite(owner, { email, name: 'Arjun Rao', role: 'manager' });
    const token = await mailedToken(email);
    expect((await accept(newClient(), token)).statusCode).toBe(200);
    const again = await accept(newClient(), token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: STAFF_MESSAGES.inviteGone, code: 'INVITE_GONE' });

    const late = newEmail();
    await invite(owner, { email: late, name: 'Late Comer', role: 'support' });
    const lateToken = await mailedToken(late);
    clock.advance(72 * HOUR + 1);
    expect((await accept(newClient(), lateToken)).statusCode).toBe(410);

    expect((await accept(newClient(), 'x'.repeat(43))).statusCode).toBe(410);
  });

  it('keeps the link usable after a refused password', async () => {
    const email = newEmail();
    await invite(owner, { email, name: 'Kavya Iyer', role: 'support' });
    const token = await mailedToken(email);
    const weak = await accept(newClient(), token, 'Password@123');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors[0].path).toBe('password');
    expect((await accept(newClient(), token)).statusCode).toBe(200);
  });

  it('voids a link when a newer invitation to the email goes out', async () => {
    const email = newEmail();
    await invite(owner, { email, name: 'Kavya Iyer', role: 'support' });
    const first = await mailedToken(email);
    await invite(owner, { email, name: 'Kavya Iyer', role: 'manager' });
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect((await accept(newClient(), first)).statusCode).toBe(410);
    expect((await accept(newClient(), second)).json().user.role).toBe('manager');
  });

  it("makes a shopper's account staff, keeping its orders, with the new password", async () => {
    const shopper = await signedInShopper(t);
    const productId = await createProduct(t.database.db, { price: 499 });
    const order = await placeCod(shopper, [line(productId)]);

    await invite(owner, { email: shopper.account.email, name: 'Different Name', role: 'manager' });
    const client = newClient();
    const res = await accept(client, await mailedToken(shopper.account.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: shopper.userId,
      name: shopper.account.name,
      role: 'manager',
    });

    // Its privileges changed: the shopper's old session is over.
    const before = await shopper.client.request({ method: 'GET', url: API.users.checkAuth });
    expect(before.json().user).toBeNull();
    await client.fetchCsrf();
    const orders = await client.request({ method: 'GET', url: API.order.mine });
    expect(orders.json().orders.map((o: { _id: string }) => o._id)).toContain(order._id);
    expect((await login(newClient(), shopper.account.email, shopper.account.password)).statusCode).toBe(401);
    expect((await login(newClient(), shopper.account.email)).statusCode).toBe(200);

    const [entry] = await auditOf(shopper.userId);
    expect(entry).toMatchObject({
      action: 'staff.accept',
      before: { role: 'customer' },
      after: { role: 'manager' },
    });
  });

  it('refuses an email that already belongs to active staff', async () => {
    const member = await signedInStaff(t, 'support');
    const res = await invite(owner, { email: member.email, name: 'Someone', role: 'manager' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STAFF_MESSAGES.alreadyStaff, code: 'ALREADY_STAFF' });
  });

  it('checks what it is given', async () => {
    const res = await invite(owner, { email: 'nope', name: 'A\tB', role: 'admin' });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'name', 'role']);
  });
});

describe('changing staff', () => {
  it('deactivating ends the sessions at once, and sign-in answers 403 until reactivated', async () => {
    const member = await joined('support');
    expect((await me(member.client)).statusCode).toBe(200);

    const res = await patchStaff(owner, member.id, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff).toMatchObject({ _id: member.id, status: 'deactivated', role: 'support' });
    expect((await me(member.client)).statusCode).toBe(401);

    const refused = await login(newClient(), member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: STAFF_MESSAGES.deactivated, code: 'ACCOUNT_DEACTIVATED' });
    // A wrong password learns nothing about the account.
    expect((await login(newClient(), member.email, 'Wrong#Password1')).statusCode).toBe(401);

    expect((await patchStaff(owner, member.id, { active: true })).json().staff.status).toBe('active');
    expect((await login(newClient(), member.email)).statusCode).toBe(200);

    const entries = await auditOf(member.id);
    expect(entries.filter((e: { action: string }) => e.action === 'staff.update')).toEqual([
      expect.objectContaining({
        before: { role: 'support', active: false },
        after: { role: 'support', active: true },
      }),
      expect.objectContaining({
        before: { role: 'support', active: true },
        after: { role: 'support', active: false },
      }),
    ]);
  });

  it('a new role ends the sessions, and the next sign-in carries it', async () => {
    const member = await joined('support');
    const res = await patchStaff(owner, member.id, { role: 'manager' });
    expect(res.json().staff.role).toBe('manager');
    expect((await me(member.client)).statusCode).toBe(401);
    const client = newClient();
    await login(client, member.email);
    expect((await me(client)).json().user.role).toBe('manager');
  });

  it('never leaves the shop without an active owner, also when two owners act at once', async () => {
    for (const change of [{ role: 'manager' }, { active: false }]) {
      const res = await patchStaff(owner, owner.user._id, change);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: STAFF_MESSAGES.lastOwner, code: 'LAST_OWNER' });
    }

    const second = await joined('owner');
    const secondOwner = { client: second.client } as StaffMember;
    const [a, b] = await Promise.all([
      patchStaff(owner, second.id, { active: false }),
      patchStaff(secondOwner, owner.user._id, { active: false }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    // Put the first owner back if the second one won, so the file's owner keeps working.
    if (b.statusCode === 200) {
      const client = newClient();
      await login(client, second.email);
      await client.fetchCsrf();
      await patchStaff({ client } as StaffMember, owner.user._id, { active: true });
      // Deactivation ended the first owner's session, and with it the CSRF token bound to it.
      await owner.client.fetchCsrf();
      expect((await login(owner.client, owner.email, owner.password)).statusCode).toBe(200);
      await owner.client.fetchCsrf();
    }
    expect((await me(owner.client)).statusCode).toBe(200);
  });

  it('answers 404 for an id that is not staff', async () => {
    const shopper = await signedInShopper(t);
    for (const id of [shopper.userId, '00000000-0000-4000-8000-000000000000']) {
      const res = await patchStaff(owner, id, { role: 'support' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(STAFF_MESSAGES.notStaff);
    }
  });
});

describe('staff management', () => {
  it('is for the owner only', async () => {
    for (const role of ['manager', 'support'] as const) {
      const staff = await signedInStaff(t, role);
      for (const res of [
        await staff.client.request({ method: 'GET', url: API.admin.staff }),
        await invite(staff, { email: newEmail(), name: 'Not Allowed', role: 'owner' }),
        await patchStaff(staff, staff.user._id, { role: 'owner' }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });
});
