import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { AUTH_MESSAGES } from '../../common/schemas/auth';
import { PASSWORD_STRENGTH_MESSAGES } from '../modules/users/password-strength';
import { LIMITS } from '../modules/users/sign-in-limits';
import { sessions, users } from '../modules/users/users.schema';
import { EMAIL_TAKEN_MESSAGE } from '../modules/users/users.service';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let lastOctet = 0;
/** Each client speaks from its own address, so per-address limits of one test leave the others alone. */
const newClient = () => createClient(t.app, { remoteAddress: `10.1.0.${++lastOctet}` });

const PASSWORD = 'Kurta#Silk2026';
/** Passwords that meet every composition rule and are still among the first an attacker tries. */
const COMMON_PASSWORDS = [
  'Password@123',
  'Welcome@123',
  'India@123',
  'Admin@123',
  'Qwerty@123',
  'Password123!',
];
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: `asha.${Math.random().toString(36).slice(2)}@example.in`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  isAdult: true,
  ...overrides,
});

const register = (client: TestClient, body: Record<string, unknown>) =>
  client.request({ method: 'POST', url: API.users.register, payload: body });
const login = (client: TestClient, email: string, password: string) =>
  client.request({ method: 'POST', url: API.users.login, payload: { email, password } });
const checkAuth = (client: TestClient) => client.request({ method: 'GET', url: API.users.checkAuth });
const setCookieOf = (headers: Record<string, unknown>, name: string) =>
  [headers['set-cookie'] ?? []].flat().find((line) => String(line).startsWith(`${name}=`)) as
    | string
    | undefined;

describe('POST /api/users/register', () => {
  it('creates a customer, answers 201 {user} and signs the browser in with a safe cookie', async () => {
    const client = newClient();
    const body = registration({ email: '  Asha.Verma@Example.IN ' });
    const res = await register(client, body);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({
      _id: expect.any(String),
      name: 'Asha Verma',
      email: 'asha.verma@example.in',
      phone: null,
      isMobVerified: false,
      role: 'customer',
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/argon|password/i);

    const cookie = setCookieOf(res.headers, 'pehnava_sid');
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);

    // Only the hash of the cookie token is stored.
    const token = client.cookies.get('pehnava_sid') ?? '';
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(token);
    expect(rows[0]?.id).toMatch(/^[0-9a-f]{64}$/);

    const auth = await checkAuth(client);
    expect(auth.json().user.email).toBe('asha.verma@example.in');
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
    try {
      const res = await register(createClient(https.app), registration());
      expect(res.statusCode).toBe(201);
      expect(setCookieOf(res.headers, 'pehnava_sid')).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('answers 409 for a taken email, whatever its case and spacing', async () => {
    const client = newClient();
    const first = await register(client, registration({ email: 'meera@example.in' }));
    expect(first.statusCode).toBe(201);
    const again = await register(newClient(), registration({ email: ' MEERA@Example.in  ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: EMAIL_TAKEN_MESSAGE, code: 'EMAIL_TAKEN' });
  });

  it('answers 422 naming each bad field: weak password, mismatch, short name, isAdult false', async () => {
    const res = await register(
      newClient(),
      registration({ name: 'A', password: 'weakpass', confirmPassword: 'other', isAdult: false }),
    );
    expect(res.statusCode).toBe(422);
    const errors: { path: string; msg: string }[] = res.json().errors;
    const paths = errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'password', 'isAdult']));
    expect(errors).toContainEqual({ path: 'isAdult', msg: 'You must be 18 or older to register.' });
    expect(errors).toContainEqual({ path: 'password', msg: 'Password needs: one uppercase letter.' });
  });

  it('refuses a common leaked password with a clear 422, even when it meets the rules', async () => {
    const res = await register(
      newClient(),
      registration({ password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        path: 'password',
        msg: 'This password appears in lists of leaked passwords. Please choose another one.',
      },
    ]);
  });

  it.each(COMMON_PASSWORDS)('refuses %s, which meets every rule, as too common (422)', async (password) => {
    const res = await register(newClient(), registration({ password, confirmPassword: password }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().errors).toEqual([{ path: 'password', msg: PASSWORD_STRENGTH_MESSAGES.common }]);
  });

  it('refuses a password made of the shopper’s own name as too easy to guess', async () => {
    const res = await register(
      newClient(),
      registration({ name: 'Kavya Rao', password: 'Kavyarao#1', confirmPassword: 'Kavyarao#1' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'password', msg: PASSWORD_STRENGTH_MESSAGES.guessable }]);
  });

  it('ignores fields a shopper may not set: role, isAdmin, isMobVerified', async () => {
    const client = newClient();
    const res = await register(client, registration({ role: 'admin', isAdmin: true, isMobVerified: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'customer', isMobVerified: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().user._id));
    expect(row).toMatchObject({ role: 'customer', isMobVerified: false });
    const admin = await client.request({ method: 'GET', url: API.admin.customers });
    expect(admin.statusCode).toBe(403);
  });
});

describe('POST /api/users/login', () => {
  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const { email } = await signUp(newClient());
    const wrong = await login(newClient(), email, 'Wrong#Pass123');
    const unknown = await login(newClient(), 'nobody@example.in', 'Wrong#Pass123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidLogin);
    expect(unknown.json()).toEqual(wrong.json());
    expect(setCookieOf(wrong.headers, 'pehnava_sid')).toBeUndefined();
  });

  it('signs in with a new session id; the cookie from before never becomes signed in (fixation)', async () => {
    const { email, password } = await signUp(newClient());
    const browser = newClient();
    // A pre-existing session token, as an attacker might plant: a real guest session of the server.
    const planted = await t.app.sessions.create(null);
    browser.cookies.set('pehnava_sid', planted.token);

    const res = await login(browser, email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    const after = browser.cookies.get('pehnava_sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(planted.token);

    const attacker = newClient();
    attacker.cookies.set('pehnava_sid', planted.token);
    expect((await checkAuth(attacker)).json().user).toBeNull();
    expect((await checkAuth(browser)).json().user.email).toBe(email);
  });

  it('slows guesses from one address without locking the owner out from another', async () => {
    const { email, password } = await signUp(newClient());
    const attacker = newClient();
    for (let i = 0; i < LIMITS.loginPerAccountAndAddress.max; i++) {
      expect((await login(attacker, email, `Wrong#Pass${i}0`)).statusCode).toBe(401);
    }
    // The attacker's address is held back, even when it guesses right...
    const blocked = await login(attacker, email, password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginPerAccountAndAddress.windowMs / 1000);
    // ...while the owner, at home, signs in as usual.
    expect((await login(newClient(), email, password)).statusCode).toBe(200);
    // The attacker's address may still try other accounts (within the per-address limit).
    expect((await login(attacker, `other.${email}`, 'Wrong#Pass123')).statusCode).toBe(401);
  });

  it('clears the count of an address when it signs in', async () => {
    const { email, password } = await signUp(newClient());
    const owner = newClient();
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i < LIMITS.loginPerAccountAndAddress.max; i++) {
        expect((await login(owner, email, `Wrong#Pass${i}0`)).statusCode).toBe(401);
      }
      expect((await login(owner, email, password)).statusCode).toBe(200);
      // Signed in, the page holds a token for its new session.
      await owner.fetchCsrf();
    }
  });

  it(`stops every address once an account has had ${LIMITS.loginFailuresPerAccount.max} failed sign-ins, until the password changes`, async () => {
    const laptop = newClient();
    const { email, password } = await signUp(laptop);
    const perAddress = LIMITS.loginPerAccountAndAddress.max;
    let failures = 0;
    while (failures < LIMITS.loginFailuresPerAccount.max) {
      const bot = newClient();
      for (let i = 0; i < perAddress && failures < LIMITS.loginFailuresPerAccount.max; i++, failures++) {
        expect((await login(bot, email, `Wrong#Pass${failures}`)).statusCode).toBe(401);
      }
    }
    const owner = await login(newClient(), email, password);
    expect(owner.statusCode).toBe(429);
    expect(owner.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(0);

    // A new password (here from a browser still signed in) makes the guesses moot.
    const changed = await laptop.request({
      method: 'POST',
      url: API.users.changePassword,
      payload: { currentPassword: password, newPassword: 'Saree&Cotton77' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(newClient(), email, 'Saree&Cotton77')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per client address across accounts', async () => {
    const client = newClient();
    for (let i = 0; i < 30; i++)
      expect((await login(client, `guess${i}@example.in`, 'Wrong#Pass123')).statusCode).toBe(401);
    const limited = await login(client, 'guess30@example.in', 'Wrong#Pass123');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

describe('sessions and CSRF', () => {
  it('logout deletes the session: replaying the old cookie is a guest', async () => {
    const client = newClient();
    await signUp(client);
    const oldToken = client.cookies.get('pehnava_sid') ?? '';
    const res = await client.request({ method: 'POST', url: API.users.logout });
    expect(res.statusCode).toBe(200);
    expect(setCookieOf(res.headers, 'pehnava_sid')).toMatch(/Expires=Thu, 01 Jan 1970/);

    const replay = newClient();
    replay.cookies.set('pehnava_sid', oldToken);
    const auth = await checkAuth(replay);
    expect(auth.statusCode).toBe(200);
    expect(auth.json().user).toBeNull();
  });

  it('treats a forged or altered cookie as a guest, never an error', async () => {
    const client = newClient();
    await signUp(client);
    const token = client.cookies.get('pehnava_sid') ?? '';
    for (const forged of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'forged',
      'a'.repeat(500),
      '%00',
    ]) {
      const other = newClient();
      other.cookies.set('pehnava_sid', forged);
      const res = await checkAuth(other);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    }
  });

  it('refuses a CSRF token from before sign-in once signed in, and accepts a fresh one', async () => {
    const { email, password } = await signUp(newClient());
    const browser = newClient();
    const before = await browser.fetchCsrf();
    expect((await login(browser, email, password)).statusCode).toBe(200);

    const stale = await browser.request({
      method: 'PATCH',
      url: API.users.updateLastReminder,
      headers: { 'x-csrf-token': before },
      csrf: false,
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe('Invalid or missing CSRF token. Reload the page and try again.');

    await browser.fetchCsrf();
    const fresh = await browser.request({ method: 'PATCH', url: API.users.updateLastReminder });
    expect(fresh.statusCode).toBe(200);
  });

  it('check-auth answers the guest shape, never cached', async () => {
    const res = await checkAuth(newClient());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ user: null, isMobVerified: false, lastPhoneReminder: null });
  });

  it('check-auth answers the user shape with isMobVerified and lastPhoneReminder', async () => {
    const client = newClient();
    const { email } = await signUp(client);
    const reminder = await client.request({ method: 'PATCH', url: API.users.updateLastReminder });
    expect(reminder.statusCode).toBe(200);
    const { lastPhoneReminder } = reminder.json();
    expect(new Date(lastPhoneReminder).toISOString()).toBe(lastPhoneReminder);

    const res = await checkAuth(client);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ _id: expect.any(String), email, role: 'customer' }),
      isMobVerified: false,
      lastPhoneReminder,
    });
  });
});

describe('sign-up limit per client address', () => {
  it('answers 429 once an address has made SIGNUPS_PER_HOUR accounts in the hour', async () => {
    const limited = await createTestApp({ SIGNUPS_PER_HOUR: '2' });
    try {
      const sameAddress = () => createClient(limited.app, { remoteAddress: '10.9.9.9' });
      await signUp(sameAddress());
      await signUp(sameAddress());
      const third = await sameAddress().request({
        method: 'POST',
        url: API.users.register,
        payload: {
          name: 'Third Shopper',
          email: 'third@example.in',
          password: 'Kurta#Silk2026',
          confirmPassword: 'Kurta#Silk2026',
          isAdult: true,
        },
      });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/^Too many accounts created from this network\./);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      await signUp(createClient(limited.app, { remoteAddress: '10.9.9.10' }));
    } finally {
      await limited.close();
    }
  });
});

describe('client address behind a load balancer (TRUST_PROXY)', () => {
  /** A wrong sign-in through the load balancer at 10.0.0.5, which appends the address it saw. */
  const signInVia = (app: TestApp['app'], forwardedFor: string, n: number) =>
    createClient(app, { remoteAddress: '10.0.0.5' }).request({
      method: 'POST',
      url: API.users.login,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `guess${n}@example.in`, password: 'Wrong#Pass123' },
    });

  it.each(['1', 'true', '10.0.0.0/8'])(
    'with TRUST_PROXY=%s a sprayed X-Forwarded-For still hits the per-address limit, and only that address',
    async (trustProxy) => {
      const behind = await createTestApp({ TRUST_PROXY: trustProxy });
      try {
        // 40 sign-ins from 198.51.100.7, each claiming another address in front of it.
        const statuses: number[] = [];
        for (let n = 1; n <= 40; n++) {
          statuses.push((await signInVia(behind.app, `203.0.113.${n}, 198.51.100.7`, n)).statusCode);
        }
        expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
        expect(statuses.slice(30)).toEqual(Array(10).fill(429));
        // Another shopper behind the same load balancer is counted on their own.
        expect((await signInVia(behind.app, '198.51.100.8', 41)).statusCode).toBe(401);
      } finally {
        await behind.close();
      }
    },
  );
});
