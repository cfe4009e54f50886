import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { createProduct } from '../db/factories/product.factory';
import { loggerOptions } from '../logger';
import type { SmsMessage, SmsProvider } from '../providers';
import { homeAddress } from './order-kit';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

/**
 * Secrets never reach the log, even when a write fails with them as its parameters: each request
 * below goes through the real path while its table refuses the write, so the app logs the database
 * error of a statement that carried a password hash, an address or a phone.
 */

const SECRETS = {
  password: 'Zari#Thread2026',
  newPassword: 'Ikat#Weave2027',
  addressLine: '77 Chandni Haveli Marg',
  phone: '9123456780',
} as const;
const HASH_PREFIX = '$argon2id$';

/** Everything the app logs, one JSON line each. */
let log = '';
const stream = new Writable({
  write(chunk, _encoding, done) {
    log += chunk.toString();
    done();
  },
});
const lines = () =>
  log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const sms: SmsMessage[] = [];
const smsProvider: SmsProvider = { name: 'log-test', send: async (message) => void sms.push(message) };

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { providers: { sms: smsProvider }, logger: { ...loggerOptions('info'), stream } },
  );
  await t.database.db.execute(
    sql.raw(`create function log_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'writes are refused by the log test'; end $$`),
  );
  client = createClient(t.app, { remoteAddress: '10.91.0.1' });
});
afterAll(() => t.close());

/** Runs `request` while `tables` refuse inserts and updates, and expects it to fail with a 500. */
async function whileRefused(tables: string[], request: () => Promise<{ statusCode: number }>) {
  for (const table of tables) {
    await t.database.db.execute(
      sql.raw(
        `create trigger log_test_refuse before insert or update on ${table} for each row execute function log_test_refuse()`,
      ),
    );
  }
  try {
    expect((await request()).statusCode).toBe(500);
  } finally {
    for (const table of tables) {
      await t.database.db.execute(sql.raw(`drop trigger log_test_refuse on ${table}`));
    }
  }
}

const register = () =>
  client.request({
    method: 'POST',
    url: API.users.register,
    payload: {
      name: 'Meera Secret',
      email: 'meera.log@example.in',
      password: SECRETS.password,
      confirmPassword: SECRETS.password,
      isAdult: true,
    },
  });

describe('the log', () => {
  it('holds no password, hash, address, phone, OTP, CSRF token or cookie when writes fail', async () => {
    await whileRefused(['users'], register);
    expect((await register()).statusCode).toBe(201);
    const csrfToken = await client.fetchCsrf();
    const sessionCookie = [...client.cookies.values()].find((value) => value.length > 20) as string;
    expect(sessionCookie).toBeTruthy();

    const address = { ...homeAddress, addressLine1: SECRETS.addressLine, phone: Number(SECRETS.phone) };
    const addAddress = () =>
      client.request({ method: 'POST', url: API.address.collection, payload: address });
    await whileRefused(['addresses'], addAddress);
    const added = await addAddress();
    expect(added.statusCode).toBe(201);

    const setPhone = () =>
      client.request({ method: 'PATCH', url: API.users.profile, payload: { phone: SECRETS.phone } });
    await whileRefused(['users'], setPhone);
    expect((await setPhone()).statusCode).toBe(200);

    expect((await client.request({ method: 'POST', url: API.phone.sendOtp })).statusCode).toBe(200);
    const otp = sms.at(-1)?.text.match(/\b([0-9]{6})\b/)?.[1] as string;
    expect(otp).toMatch(/^[0-9]{6}$/);
    await whileRefused(['users', 'phone_verification_codes'], () =>
      client.request({ method: 'POST', url: API.phone.verify, payload: { otp } }),
    );

    const productId = await createProduct(t.database.db, { price: 499 });
    await whileRefused(['orders'], () =>
      client.request({
        method: 'POST',
        url: API.order.place,
        payload: {
          addressId: added.json().address._id,
          cartItems: [{ productId, quantity: 1, price: 499, selectedColor: 'White', selectedSize: 'M' }],
          orderNotes: 'Leave with the guard.',
          paymentMode: 'COD',
        },
      }),
    );

    await whileRefused(['users', 'sessions'], () =>
      client.request({
        method: 'POST',
        url: API.users.changePassword,
        payload: { currentPassword: SECRETS.password, newPassword: SECRETS.newPassword },
      }),
    );

    // The failures were logged, as database errors named by their code…
    const failures = lines().filter((line) => line.msg === 'request failed');
    expect(failures.length).toBeGreaterThanOrEqual(6);
    for (const failure of failures) {
      expect(failure.err).toMatchObject({
        type: 'DatabaseError',
        code: 'P0001',
        message: 'database error P0001',
      });
    }
    // …and nothing secret came with them.
    for (const secret of [...Object.values(SECRETS), HASH_PREFIX, otp, csrfToken, sessionCookie]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).not.toContain('"params"');
    expect(log).not.toContain('insert into');
  });

  it('redacts secrets, addresses and phones wherever a log line holds them', () => {
    const secret = 'do-not-log-me';
    t.app.log.info(
      {
        password: secret,
        body: { newPassword: secret, currentPassword: secret, confirmPassword: secret, otp: secret },
        req: { headers: { authorization: secret, cookie: secret, 'x-csrf-token': secret } },
        res: { headers: { 'set-cookie': [secret] } },
        user: { token: secret, secret, phone: secret },
        order: { shipTo: { address: { addressLine1: secret }, phone: secret } },
        list: [{ addressLine2: secret }],
      },
      'redaction check',
    );
    const line = lines().find((entry) => entry.msg === 'redaction check');
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).not.toContain(secret);
  });
});
