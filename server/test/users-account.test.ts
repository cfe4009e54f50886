import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY, MINUTE } from '../../common/constants';
import { AUTH_MESSAGES } from '../../common/schemas/auth';
import { PASSWORD_STRENGTH_MESSAGES } from '../modules/users/password-strength';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionIdOf } from '../modules/users/sessions.service';
import { sessions, users } from '../modules/users/users.schema';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

/** The app's clock; tests move it forward instead of sleeping. */
let clock = new Date('2026-11-22T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

let lastOctet = 0;
const newClient = () => createClient(t.app, { remoteAddress: `10.2.0.${++lastOctet}` });
const checkAuth = async (client: TestClient) =>
  (await client.request({ method: 'GET', url: API.users.checkAuth })).json();
const login = (client: TestClient, email: string, password: string) =>
  client.request({ method: 'POST', url: API.users.login, payload: { email, password } });

describe('GET/PATCH /api/users/profile', () => {
  it('answers 401 to a guest', async () => {
    const res = await newClient().request({ method: 'GET', url: API.users.profile });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('changes name and phone; a new phone is no longer verified', async () => {
    const client = newClient();
    const { user } = await signUp(client, { name: 'Kavya Rao' });
    expect((await client.request({ method: 'GET', url: API.users.profile })).json().user.name).toBe(
      'Kavya Rao',
    );

    const set = await client.request({
      method: 'PATCH',
      url: API.users.profile,
      payload: { name: '  Kavya R. ', phone: '9876543210' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ name: 'Kavya R.', phone: '9876543210', isMobVerified: false });

    // Pretend the phone OTP was checked, then change the number: verification is lost.
    await t.database.db.update(users).set({ isMobVerified: true }).where(eq(users.id, user._id));
    const same = await client.request({
      method: 'PATCH',
      url: API.users.profile,
      payload: { phone: '9876543210' },
    });
    expect(same.json().user.isMobVerified).toBe(true);
    const changed = await client.request({
      method: 'PATCH',
      url: API.users.profile,
      payload: { phone: '8123456789', isMobVerified: true, role: 'admin' },
    });
    expect(changed.json().user).toMatchObject({
      phone: '8123456789',
      isMobVerified: false,
      role: 'customer',
    });
    expect((await checkAuth(client)).isMobVerified).toBe(false);
  });

  it('refuses a phone that is not a 10-digit Indian mobile with 422', async () => {
    const client = newClient();
    await signUp(client);
    for (const phone of ['12345', '5876543210', '+919876543210', '98765432100']) {
      const res = await client.request({ method: 'PATCH', url: API.users.profile, payload: { phone } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'phone', msg: 'Enter a 10-digit Indian mobile number.' }]);
    }
  });
});

describe('POST /api/users/change-password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const laptop = newClient();
    const { email, password } = await signUp(laptop);
    const phone = newClient();
    expect((await login(phone, email, password)).statusCode).toBe(200);

    const wrong = await laptop.request({
      method: 'POST',
      url: API.users.changePassword,
      payload: { currentPassword: 'Wrong#Pass123', newPassword: 'Saree&Cotton77' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      { path: 'currentPassword', msg: 'Your current password is not correct.' },
    ]);

    const weak = await laptop.request({
      method: 'POST',
      url: API.users.changePassword,
      payload: { currentPassword: password, newPassword: 'P@ssw0rd' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors[0].path).toBe('newPassword');

    const ok = await laptop.request({
      method: 'POST',
      url: API.users.changePassword,
      payload: { currentPassword: password, newPassword: 'Saree&Cotton77' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await checkAuth(laptop)).user.email).toBe(email);
    expect((await checkAuth(phone)).user).toBeNull();
    expect((await login(newClient(), email, password)).statusCode).toBe(401);
    expect((await login(newClient(), email, 'Saree&Cotton77')).statusCode).toBe(200);
  });

  it('refuses passwords that meet every rule but are too common, saying why', async () => {
    const client = newClient();
    const { email, password } = await signUp(client);
    for (const newPassword of [
      'Password@123',
      'Welcome@123',
      'India@123',
      'Admin@123',
      'Qwerty@123',
      'Password123!',
    ]) {
      const res = await client.request({
        method: 'POST',
        url: API.users.changePassword,
        payload: { currentPassword: password, newPassword },
      });
      expect(res.statusCode, newPassword).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'newPassword', msg: PASSWORD_STRENGTH_MESSAGES.common }]);
    }
    expect((await login(newClient(), email, password)).statusCode).toBe(200);
  });

  it('gives this browser a new session id: the old cookie no longer works', async () => {
    const laptop = newClient();
    const { email, password } = await signUp(laptop);
    const before = laptop.cookies.get('pehnava_sid');
    const res = await laptop.request({
      method: 'POST',
      url: API.users.changePassword,
      payload: { currentPassword: password, newPassword: 'Saree&Cotton77' },
    });
    expect(res.statusCode).toBe(200);

    const after = laptop.cookies.get('pehnava_sid');
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after).not.toBe(before);
    expect((await checkAuth(laptop)).user.email).toBe(email);

    const replay = newClient();
    replay.cookies.set('pehnava_sid', before ?? '');
    expect((await checkAuth(replay)).user).toBeNull();
    const stored = await t.database.db.select({ id: sessions.id }).from(sessions);
    expect(stored.map((row) => row.id)).not.toContain(sessionIdOf(before ?? ''));

    // The CSRF token is bound to the session, so the page fetches a new one, and carries on.
    await laptop.fetchCsrf();
    const next = await laptop.request({ method: 'PATCH', url: API.users.updateLastReminder });
    expect(next.statusCode).toBe(200);
  });
});

describe('DELETE /api/users/me', () => {
  it('closes the account at once: every session ends and sign-in is refused', async () => {
    const laptop = newClient();
    const { email, password, user } = await signUp(laptop);
    const phone = newClient();
    await login(phone, email, password);

    const wrong = await laptop.request({
      method: 'DELETE',
      url: API.users.me,
      payload: { password: 'Nope#12345' },
    });
    expect(wrong.statusCode).toBe(422);
    expect((await checkAuth(laptop)).user).not.toBeNull();

    const res = await laptop.request({ method: 'DELETE', url: API.users.me, payload: { password } });
    expect(res.statusCode).toBe(200);
    expect((await checkAuth(laptop)).user).toBeNull();
    expect((await checkAuth(phone)).user).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id))).toEqual([]);

    const again = await login(newClient(), email, password);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(AUTH_MESSAGES.invalidLogin);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.closedAt?.toISOString()).toBe(clock.toISOString());
    expect(row?.eraseAfter?.toISOString()).toBe(new Date(clock.getTime() + 90 * DAY).toISOString());
  });
});

describe('session expiry', () => {
  it('ends a session after 7 idle days, and use keeps it alive until the 30-day limit', async () => {
    const idle = newClient();
    await signUp(idle);
    const busy = newClient();
    await signUp(busy);

    // Busy is used every few days; idle is not used at all.
    for (const days of [6, 2]) {
      advance(days * DAY);
      expect((await checkAuth(busy)).user).not.toBeNull();
    }
    expect(SESSION_IDLE_MS).toBe(7 * DAY);
    expect((await checkAuth(idle)).user).toBeNull();

    for (const days of [6, 6, 6, 3]) {
      advance(days * DAY);
      expect((await checkAuth(busy)).user).not.toBeNull();
    }
    // 29 days in and used yesterday, but the absolute limit of 30 days still ends it.
    expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
    advance(DAY + MINUTE);
    expect((await checkAuth(busy)).user).toBeNull();
  });
});
