import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { MINUTE, SECOND } from '../../common/constants';
import { STAFF_MESSAGES } from '../../common/schemas/admin-staff';
import { users } from '../modules/users/users.schema';
import { createMailbox } from './mail-kit';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

/** A clock the tests move forward instead of sleeping; one authenticator step is 30 seconds. */
const clock = {
  current: new Date('2026-03-02T10:00:05Z'),
  now: () => new Date(clock.current),
  advance: (ms: number) => {
    clock.current = new Date(clock.current.getTime() + ms);
  },
};
const STEP = 30 * SECOND;

const mailbox = createMailbox();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now, providers: { mail: mailbox.provider } });
});
afterAll(() => t.close());

/** What the member's authenticator app shows now. */
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.current.getTime() / 1000) });

let clients = 0;
const newClient = () => createClient(t.app, { remoteAddress: `10.40.0.${++clients}` });

const startSetup = (client: TestClient) => client.request({ method: 'POST', url: API.admin.totp });
const verify = (client: TestClient, code: string) =>
  client.request({ method: 'POST', url: API.admin.totpVerify, payload: { code } });
const turnOff = (client: TestClient, code: string) =>
  client.request({ method: 'DELETE', url: API.admin.totp, payload: { code } });
const login = (client: TestClient, member: StaffMember) =>
  client.request({
    method: 'POST',
    url: API.users.login,
    payload: { email: member.email, password: member.password },
  });
const secondFactor = (client: TestClient, code: string) =>
  client.request({ method: 'POST', url: API.users.loginTwoFactor, payload: { code } });
const me = (client: TestClient) => client.request({ method: 'GET', url: API.admin.me });

/** A staff member of the role with two-factor sign-in on; answers the member and the app's secret. */
async function withTwoFactor(role: 'owner' | 'manager' | 'support') {
  const member = await signedInStaff(t, role);
  const { secret } = (await startSetup(member.client)).json();
  expect((await verify(member.client, await codeNow(secret))).statusCode).toBe(200);
  // The code just used is spent: sign-ins take the next one.
  clock.advance(STEP);
  return { member, secret };
}

describe('setting up two-factor sign-in', () => {
  it('gives the secret, its otpauth URL and a QR code, and turns on with a right code', async () => {
    const member = await signedInStaff(t, 'manager');
    const res = await startSetup(member.client);
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Pehnava:/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    // Kept sealed: the database never holds the secret as the app reads it.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.user._id));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(setup.secret);
    expect((await me(member.client)).json()).toMatchObject({ twoFactorEnabled: false });

    const wrong = await verify(
      member.client,
      (await codeNow(setup.secret)) === '000000' ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: STAFF_MESSAGES.wrongCode, errors: [{ path: 'code' }] });

    const right = await verify(member.client, ` ${(await codeNow(setup.secret)).replace(/(\d{3})/, '$1 ')} `);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ twoFactorEnabled: true });
    expect((await me(member.client)).json()).toMatchObject({ twoFactorEnabled: true });
    expect((await startSetup(member.client)).statusCode).toBe(409);

    const owner = await signedInStaff(t, 'owner');
    const audit = await owner.client.request({
      method: 'GET',
      url: `${API.admin.audit}?entityId=${member.user._id}&entity=user`,
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'staff.two-factor',
      actor: { _id: member.user._id },
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
  });

  it('counts wrong codes like checks of the own password', async () => {
    const member = await signedInStaff(t, 'support');
    const { secret } = (await startSetup(member.client)).json();
    const wrong = (await codeNow(secret)) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await verify(member.client, wrong)).statusCode).toBe(422);
    expect((await verify(member.client, await codeNow(secret))).statusCode).toBe(429);
  });

  it('cannot turn on before the set-up has started', async () => {
    const member = await signedInStaff(t, 'support');
    const res = await verify(member.client, '123456');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: STAFF_MESSAGES.twoFactorNotStarted,
      code: 'TWO_FACTOR_NOT_STARTED',
    });
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code after the password, on a guest session, and the code signs in', async () => {
    const { member, secret } = await withTwoFactor('support');
    const client = newClient();
    const first = await login(client, member);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ user: null, twoFactorRequired: true });
    // Nobody is signed in yet.
    expect((await client.request({ method: 'GET', url: API.users.checkAuth })).json().user).toBeNull();
    expect((await me(client)).statusCode).toBe(401);

    // The page sends the code with the CSRF token it already holds.
    const done = await secondFactor(client, await codeNow(secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ _id: member.user._id, role: 'support' });
    await client.fetchCsrf();
    expect((await me(client)).statusCode).toBe(200);
  });

  it('refuses a code used once already within its window, as a wrong code', async () => {
    const { member, secret } = await withTwoFactor('manager');
    const code = await codeNow(secret);
    const a = newClient();
    await login(a, member);
    expect((await secondFactor(a, code)).statusCode).toBe(200);

    const b = newClient();
    await login(b, member);
    const reused = await secondFactor(b, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: STAFF_MESSAGES.wrongCode, code: 'INVALID_CODE' });
    clock.advance(STEP);
    expect((await secondFactor(b, await codeNow(secret))).statusCode).toBe(200);
  });

  it('counts codes like passwords: wrong ones slow that address, not the owner elsewhere', async () => {
    const { member, secret } = await withTwoFactor('manager');
    const attacker = newClient();
    expect((await login(attacker, member)).json().twoFactorRequired).toBe(true);
    const wrong = (await codeNow(secret)) === '000000' ? '111111' : '000000';
    // The password was one attempt of this address at this account; four wrong codes make five.
    for (let i = 0; i < 4; i += 1) expect((await secondFactor(attacker, wrong)).statusCode).toBe(401);
    const limited = await secondFactor(attacker, await codeNow(secret));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const owner = newClient();
    await login(owner, member);
    expect((await secondFactor(owner, await codeNow(secret))).statusCode).toBe(200);

    clock.advance(15 * MINUTE);
    await login(attacker, member);
    expect((await secondFactor(attacker, await codeNow(secret))).statusCode).toBe(200);
  });

  it('needs a waiting sign-in from this browser, for 5 minutes', async () => {
    const { member, secret } = await withTwoFactor('support');
    const stranger = newClient();
    const none = await secondFactor(stranger, await codeNow(secret));
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(STAFF_MESSAGES.noPendingSignIn);

    const slow = newClient();
    await login(slow, member);
    clock.advance(5 * MINUTE + SECOND);
    expect((await secondFactor(slow, await codeNow(secret))).statusCode).toBe(401);
  });

  it('stops asking once turned off with a current code', async () => {
    const { member, secret } = await withTwoFactor('support');
    const res = await turnOff(member.client, await codeNow(secret));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ twoFactorEnabled: false });
    const client = newClient();
    expect((await login(client, member)).json().user).toMatchObject({ _id: member.user._id });
  });
});

describe('a lost phone', () => {
  it('is got round by whoever runs the server: a new ADMIN_PASSWORD turns two-factor sign-in off', async () => {
    const { member } = await withTwoFactor('owner');
    const password = 'Lost#Phone2027';
    const { action } = await t.container.services.users.ensureAdmin({ email: member.email, password });
    expect(action).toBe('updated');
    const res = await login(newClient(), { ...member, password });
    expect(res.json().user).toMatchObject({ _id: member.user._id, role: 'owner' });
  });

  it('is got round by the owner for a member: deactivated and invited again, they start afresh', async () => {
    const owner = await signedInStaff(t, 'owner');
    const { member } = await withTwoFactor('manager');
    const patch = (payload: object) =>
      owner.client.request({ method: 'PATCH', url: API.admin.staffMember(member.user._id), payload });
    expect((await patch({ active: false })).statusCode).toBe(200);
    const invited = await owner.client.request({
      method: 'POST',
      url: API.admin.staff,
      payload: { email: member.email, name: member.name, role: 'manager' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await t.container.idle();
    const token = mailbox.latest(member.email, /invited/).text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const password = 'New#Phone2027';
    const client = newClient();
    const accepted = await client.request({
      method: 'POST',
      url: API.users.acceptInvite,
      payload: { token, password },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await login(newClient(), { ...member, password });
    expect(again.json().user).toMatchObject({ _id: member.user._id, role: 'manager' });
  });
});

describe('two-factor sign-in required by the owner', () => {
  it('lets a member without it sign in only to set it up, and keeps it on', async () => {
    const { member: owner, secret: ownerSecret } = await withTwoFactor('owner');
    const required = await owner.client.request({
      method: 'PATCH',
      url: API.admin.settings,
      payload: { require2fa: true },
    });
    expect(required.statusCode, required.body).toBe(200);

    const member = await signedInStaff(t, 'support');
    expect((await me(member.client)).json()).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSetupRequired: true,
    });
    const blocked = await member.client.request({ method: 'GET', url: API.admin.reviews });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message: STAFF_MESSAGES.twoFactorRequired,
      code: 'TWO_FACTOR_REQUIRED',
    });

    const { secret } = (await startSetup(member.client)).json();
    expect((await verify(member.client, await codeNow(secret))).statusCode).toBe(200);
    expect((await member.client.request({ method: 'GET', url: API.admin.reviews })).statusCode).toBe(200);
    expect((await me(member.client)).json()).toMatchObject({ twoFactorSetupRequired: false });

    clock.advance(STEP);
    const kept = await turnOff(member.client, await codeNow(secret));
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({ message: STAFF_MESSAGES.twoFactorKept, code: 'TWO_FACTOR_REQUIRED' });

    await owner.client.request({
      method: 'PATCH',
      url: API.admin.settings,
      payload: { require2fa: false },
    });
    expect((await turnOff(owner.client, await codeNow(ownerSecret))).statusCode).toBe(200);
  });
});
