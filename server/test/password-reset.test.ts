import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '../../common/api-paths';
import { MINUTE } from '../../common/constants';
import { AUTH_MESSAGES } from '../../common/schemas/auth';
import { OTP_TTL_MS } from '../modules/password-reset/otp';
import { passwordResetRequests } from '../modules/password-reset/password-reset.schema';
import {
  FORGOT_PASSWORD_CAPTCHA_ACTION,
  PASSWORD_RESET_MESSAGES,
  RESET_GRANT_TTL_MS,
  RESET_LIMITS,
} from '../modules/password-reset/password-reset.service';
import { PASSWORD_STRENGTH_MESSAGES } from '../modules/users/password-strength';
import type { CaptchaProvider, CaptchaVerdict } from '../providers';
import { mailOutboxDir, readMailOutbox } from '../providers/mail/outbox';
import { createMailbox } from './mail-kit';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

/** The test mailbox, and the code the shopper would read in the newest reset mail. */
function createResetMailbox() {
  const mailbox = createMailbox();
  return {
    ...mailbox,
    latestCode(email: string): string {
      const code = mailbox.latest(email, /reset code/).text.match(/\b([0-9]{6})\b/)?.[1];
      if (!code) throw new Error(`no reset code mailed to ${email}`);
      return code;
    },
  };
}

/** A captcha the test can switch between passing and refusing; it remembers what it was asked. */
function createSwitchableCaptcha() {
  const calls: { token: string | undefined; action: string; remoteIp: string | undefined }[] = [];
  let verdict: CaptchaVerdict = { ok: true };
  const provider: CaptchaProvider = {
    name: 'test-captcha',
    verify: async (token, action, remoteIp) => {
      calls.push({ token, action, remoteIp });
      return verdict;
    },
  };
  return { provider, calls, set: (next: CaptchaVerdict) => (verdict = next) };
}

/** A clock the tests move forward instead of sleeping. */
const clock = {
  current: new Date('2026-03-02T10:00:00Z'),
  now: () => new Date(clock.current),
  advance: (ms: number) => {
    clock.current = new Date(clock.current.getTime() + ms);
  },
};

const mailbox = createResetMailbox();
const captcha = createSwitchableCaptcha();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { providers: { mail: mailbox.provider, captcha: captcha.provider }, now: clock.now },
  );
});
afterAll(() => t.close());

let lastOctet = 0;
/** Each client speaks from its own address, so per-address limits of one test leave the others alone. */
const newClient = (address = `10.2.0.${++lastOctet}`) => createClient(t.app, { remoteAddress: address });

const NEW_PASSWORD = 'Saree#Cotton2027';

const forgot = (client: TestClient, email: string, token?: string) =>
  client.request({ method: 'POST', url: API.passwordReset.forgotPassword, payload: { email, token } });
const verify = (client: TestClient, email: string, otp: string) =>
  client.request({ method: 'POST', url: API.passwordReset.verifyOtp, payload: { email, otp } });
const reset = (client: TestClient, email: string, newPassword = NEW_PASSWORD) =>
  client.request({ method: 'POST', url: API.passwordReset.resetPassword, payload: { email, newPassword } });
const login = (client: TestClient, email: string, password: string) =>
  client.request({ method: 'POST', url: API.users.login, payload: { email, password } });
const checkAuth = (client: TestClient) => client.request({ method: 'GET', url: API.users.checkAuth });

/** A customer account, registered through the API by its own client (which is then signed in). */
async function customer() {
  const owner = newClient();
  return { owner, ...(await signUp(owner)) };
}

/** Asks for a code and checks it in `client`, which then holds the new session (and keeps its token). */
async function verifiedIn(client: TestClient, email: string) {
  expect((await forgot(client, email)).statusCode).toBe(200);
  const res = await verify(client, email, mailbox.latestCode(email));
  expect(res.statusCode).toBe(200);
}

/** A 6-digit code different from `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/users/forgot-password', () => {
  it('answers the same for an account and for an unknown email, and mails only the account', async () => {
    const { email } = await customer();
    const unknown = `nobody.${Date.now()}@example.in`;
    const known = await forgot(newClient(), email);
    const stranger = await forgot(newClient(), unknown);

    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(stranger.headers['set-cookie']).toBe(known.headers['set-cookie']);
    expect(known.headers['cache-control']).toBe('no-store');
    expect(mailbox.to(unknown)).toEqual([]);
  });

  it('mails a 6-digit code valid 10 minutes, and stores neither the code nor the email', async () => {
    const { email } = await customer();
    const before = mailbox.messages.length;
    await forgot(newClient(), `  ${email.toUpperCase()} `);
    const mails = mailbox.messages.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Your Pehnava password reset code' });
    expect(mails[0]?.text).toMatch(/\b[0-9]{6}\b/);
    expect(mails[0]?.text).toContain('valid for 10 minutes');

    const code = mailbox.latestCode(email);
    const rows = await t.database.db.select().from(passwordResetRequests);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(email);
  });

  it('checks the captcha token for the forgot_password action with the client address', async () => {
    const { email } = await customer();
    captcha.calls.length = 0;
    await forgot(newClient('10.2.9.1'), email, 'token-from-browser');
    expect(captcha.calls).toEqual([
      { token: 'token-from-browser', action: FORGOT_PASSWORD_CAPTCHA_ACTION, remoteIp: '10.2.9.1' },
    ]);
  });

  it('refuses with 400 and a clear message when the captcha fails, and mails nothing', async () => {
    const { email } = await customer();
    captcha.set({ ok: false, reason: 'low-score' });
    try {
      const res = await forgot(newClient(), email, 'bot-token');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.captchaFailed, code: 'CAPTCHA_FAILED' });
      expect(mailbox.to(email)).toEqual([]);
    } finally {
      captcha.set({ ok: true });
    }
  });

  it('validates the email', async () => {
    const res = await forgot(newClient(), 'not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'email', msg: 'Enter a valid email address.' }]);
  });
});

describe('throttling code requests', () => {
  it(`allows ${RESET_LIMITS.perEmail.max} requests per email in 15 minutes, the same for unknown emails`, async () => {
    const { email } = await customer();
    const unknown = `ghost.${Date.now()}@example.in`;
    for (const address of [email, unknown]) {
      for (let i = 0; i < RESET_LIMITS.perEmail.max; i++) {
        expect((await forgot(newClient(), address)).statusCode).toBe(200);
      }
    }
    const known = await forgot(newClient(), email);
    const stranger = await forgot(newClient(), unknown);
    expect(known.statusCode).toBe(429);
    expect(known.json().message).toMatch(/^Too many code requests\. Try again in 15 minutes\.$/);
    expect(known.json().code).toBe('RATE_LIMITED');
    expect(known.headers['retry-after']).toBe(String(15 * 60));
    expect(stranger.statusCode).toBe(429);
    expect(stranger.body).toBe(known.body);
    expect(mailbox.to(email)).toHaveLength(RESET_LIMITS.perEmail.max);

    clock.advance(RESET_LIMITS.perEmail.windowMs);
    expect((await forgot(newClient(), email)).statusCode).toBe(200);
  });

  it(`allows ${RESET_LIMITS.perAddress.max} requests per client address in 15 minutes`, async () => {
    const client = newClient();
    for (let i = 0; i < RESET_LIMITS.perAddress.max; i++) {
      expect((await forgot(client, `spray${i}.${Date.now()}@example.in`)).statusCode).toBe(200);
    }
    const res = await forgot(client, `spray-last.${Date.now()}@example.in`);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many code requests\. Try again in \d+ minutes?\.$/);
    // Another address is not affected.
    expect((await forgot(newClient(), `other.${Date.now()}@example.in`)).statusCode).toBe(200);
  });

  it('counts parallel requests one after another (no race past the limit)', async () => {
    const { email } = await customer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(newClient(), email)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(RESET_LIMITS.perEmail.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - RESET_LIMITS.perEmail.max);
  });
});

describe('POST /api/users/verify-otp', () => {
  it('accepts the mailed code with the exact success text', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const res = await verify(client, email, mailbox.latestCode(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.otpVerified });
    // The permission lives in a brand-new session cookie.
    expect(String(res.headers['set-cookie'])).toMatch(/pehnava_sid=[A-Za-z0-9_-]{43}; .*HttpOnly/);
  });

  it('refuses a wrong code, and an unknown email, with the same 400', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const wrong = await verify(client, email, wrongCode(mailbox.latestCode(email)));
    const unknown = await verify(client, `nobody.${Date.now()}@example.in`, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid or expired OTP.', code: 'INVALID_OTP' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses a code that is not 6 digits with 422', async () => {
    const res = await verify(newClient(), 'asha@example.in', '12ab');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'otp', msg: 'Enter the 6-digit code.' }]);
  });

  it('accepts a code until 10 minutes have passed, and not after', async () => {
    const first = await customer();
    const client = newClient();
    await forgot(client, first.email);
    clock.advance(OTP_TTL_MS - 1000);
    expect((await verify(client, first.email, mailbox.latestCode(first.email))).statusCode).toBe(200);

    const second = await customer();
    const other = newClient();
    await forgot(other, second.email);
    clock.advance(OTP_TTL_MS);
    const late = await verify(other, second.email, mailbox.latestCode(second.email));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Invalid or expired OTP.');
  });

  it('accepts a code once only', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const code = mailbox.latestCode(email);
    expect((await verify(client, email, code)).statusCode).toBe(200);
    const again = await verify(client, email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired OTP.');
  });

  it('burns the code after 5 wrong tries, even for the right code afterwards', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const code = mailbox.latestCode(email);
    for (let i = 0; i < 5; i++) expect((await verify(client, email, wrongCode(code))).statusCode).toBe(400);
    const right = await verify(client, email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Invalid or expired OTP.');
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const code = mailbox.latestCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(client, email, wrongCode(code))).statusCode).toBe(400);
    expect((await verify(client, email, code)).statusCode).toBe(200);
  });

  it('counts parallel guesses: 10 at once still burn the code', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const code = mailbox.latestCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => verify(client, email, wrongCode(code))),
    );
    expect(guesses.every((r) => r.statusCode === 400)).toBe(true);
    expect((await verify(client, email, code)).statusCode).toBe(400);
  });

  it('voids the old code when a new one is requested', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const oldCode = mailbox.latestCode(email);
    let newCode = oldCode;
    // Two random codes are equal once in a million; ask again rather than flake.
    while (newCode === oldCode) {
      clock.advance(RESET_LIMITS.perEmail.windowMs);
      await forgot(client, email);
      newCode = mailbox.latestCode(email);
    }
    expect((await verify(client, email, oldCode)).statusCode).toBe(400);
    expect((await verify(client, email, newCode)).statusCode).toBe(200);
  });

  it(`limits code checks per client address`, async () => {
    const client = newClient();
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await verify(client, `x${i}@example.in`, '000000'));
    expect(answers.slice(0, 30).every((r) => r.statusCode === 400)).toBe(true);
    expect(answers[30]?.statusCode).toBe(429);
    expect(answers[30]?.json().message).toMatch(
      /^Too many code checks from this network\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(answers[30]?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/users/reset-password', () => {
  it('resets the password for the verified session, then sign-in takes the new password only', async () => {
    const { email, password } = await customer();
    const client = newClient();
    await verifiedIn(client, email);

    const res = await reset(client, email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    expect((await login(newClient(), email, password)).statusCode).toBe(401);
    expect((await login(newClient(), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('takes the CSRF token the page fetched before verify-otp: the new guest session keeps its binding', async () => {
    const { email } = await customer();
    const client = newClient();
    const token = await client.fetchCsrf();
    await verifiedIn(client, email);
    const res = await client.request({
      method: 'POST',
      url: API.passwordReset.resetPassword,
      payload: { email, newPassword: NEW_PASSWORD },
      headers: { 'x-csrf-token': token },
      csrf: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
  });

  it('mails a notification that the password was changed', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    await reset(client, email);
    const notice = mailbox.to(email).at(-1);
    expect(notice?.subject).toBe('Your Pehnava password was changed');
    expect(notice?.text).toContain('support@pehnava.in');
    expect(notice?.text).not.toContain(NEW_PASSWORD);
  });

  it('ends every session of the account: old cookies become guests', async () => {
    const { owner, email, password } = await customer();
    const laptop = newClient();
    expect((await login(laptop, email, password)).statusCode).toBe(200);
    expect((await checkAuth(owner)).json().user?.email).toBe(email);
    expect((await checkAuth(laptop)).json().user?.email).toBe(email);

    const client = newClient();
    await verifiedIn(client, email);
    expect((await reset(client, email)).statusCode).toBe(200);

    for (const browser of [owner, laptop]) {
      const res = await checkAuth(browser);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    }
  });

  it('refuses with 403 without a verified code', async () => {
    const { email } = await customer();
    const client = newClient();
    await forgot(client, email);
    const res = await reset(client, email);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PASSWORD_RESET_MESSAGES.notVerified);
  });

  it('refuses with 403 in another browser than the one that verified the code', async () => {
    const { email, password } = await customer();
    await verifiedIn(newClient(), email);
    const other = newClient();
    await forgot(other, `someone.${Date.now()}@example.in`);
    expect((await reset(other, email)).statusCode).toBe(403);
    // The account owner's own signed-in browser did not verify either.
    const owner = newClient();
    await login(owner, email, password);
    await owner.fetchCsrf();
    expect((await reset(owner, email)).statusCode).toBe(403);
  });

  it('refuses with 403 for another email than the verified one', async () => {
    const first = await customer();
    const second = await customer();
    const client = newClient();
    await verifiedIn(client, first.email);
    expect((await reset(client, second.email)).statusCode).toBe(403);
    expect((await reset(client, first.email)).statusCode).toBe(200);
  });

  it('resets once only: a second reset answers 403', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    expect((await reset(client, email)).statusCode).toBe(200);
    const again = await reset(client, email, 'Lehenga#Silk2028');
    expect(again.statusCode).toBe(403);
    expect((await login(newClient(), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses with 403 once the 15 minutes after verification have passed', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    clock.advance(RESET_GRANT_TTL_MS);
    expect((await reset(client, email)).statusCode).toBe(403);
  });

  it('lets a permission be used a minute before it ends', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    clock.advance(RESET_GRANT_TTL_MS - MINUTE);
    expect((await reset(client, email)).statusCode).toBe(200);
  });

  it('refuses weak and leaked passwords without using up the permission', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    const weak = await reset(client, email, 'short');
    expect(weak.statusCode).toBe(422);
    const leaked = await reset(client, email, 'P@ssw0rd');
    expect(leaked.statusCode).toBe(422);
    expect(leaked.json().errors).toEqual([{ path: 'newPassword', msg: expect.stringMatching(/leaked/) }]);
    expect((await reset(client, email)).statusCode).toBe(200);
  });

  it('refuses passwords that meet every rule but are too common, and keeps the permission', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    for (const newPassword of [
      'Password@123',
      'Welcome@123',
      'India@123',
      'Admin@123',
      'Qwerty@123',
      'Password123!',
    ]) {
      const res = await reset(client, email, newPassword);
      expect(res.statusCode, newPassword).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'newPassword', msg: PASSWORD_STRENGTH_MESSAGES.common }]);
    }
    expect((await reset(client, email)).statusCode).toBe(200);
  });

  it('voids a verified permission when a new code is requested', async () => {
    const { email } = await customer();
    const client = newClient();
    await verifiedIn(client, email);
    await forgot(newClient(), email);
    expect((await reset(client, email)).statusCode).toBe(403);
  });
});

describe('password recovery with the outbox mail simulator', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('writes the code mail to DATA_DIR/outbox, and the whole recovery works from it', async () => {
    const owner = createClient(plain.app);
    const { email, password } = await signUp(owner);
    const client = createClient(plain.app, { remoteAddress: '10.2.200.1' });
    expect((await forgot(client, email)).statusCode).toBe(200);

    const outbox = mailOutboxDir(plain.config.dataDir);
    const mail = await vi.waitFor(async () => {
      const found = (await readMailOutbox(outbox)).find((m) => m.to === email);
      if (!found) throw new Error('not written yet');
      return found;
    });
    expect(mail.subject).toBe('Your Pehnava password reset code');
    const code = mail.text.match(/\b([0-9]{6})\b/)?.[1] ?? '';

    expect((await verify(client, email, code)).statusCode).toBe(200);
    expect((await reset(client, email)).statusCode).toBe(200);
    expect((await login(createClient(plain.app), email, password)).statusCode).toBe(401);
    expect((await login(createClient(plain.app), email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('GET /api/config captcha site key by host (SPEC.md §7)', () => {
  let withCaptcha: TestApp;
  beforeAll(async () => {
    withCaptcha = await createTestApp({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_SITE_KEY: 'site-key-shop',
      RECAPTCHA_SITE_KEY_LOCALHOST: 'site-key-localhost',
    });
  });
  afterAll(() => withCaptcha.close());

  it('hands out the localhost key on localhost and the main key on the shop host, never the secret', async () => {
    const onLocalhost = await withCaptcha.app.inject({
      url: API.system.config,
      headers: { host: 'localhost:3000' },
    });
    const onShop = await withCaptcha.app.inject({
      url: API.system.config,
      headers: { host: 'shop.example.in' },
    });
    expect(onLocalhost.json().captchaSiteKey).toBe('site-key-localhost');
    expect(onShop.json().captchaSiteKey).toBe('site-key-shop');
    expect(onShop.headers.vary).toMatch(/Host/i);
    expect(onShop.body).not.toContain('server-secret');
  });
});
