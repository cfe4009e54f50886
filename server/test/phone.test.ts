import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { MINUTE } from '../../common/constants';
import { OTP_TTL_MS } from '../modules/password-reset/otp';
import { PHONE_MESSAGES, PHONE_SEND_LIMIT } from '../modules/phone/phone.service';
import type { SmsMessage, SmsProvider } from '../providers';
import { readSmsOutbox, smsOutboxDir } from '../providers/sms/outbox';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

/** An SMS provider that keeps what it is given, and can be told to fail. */
function createPhoneInbox() {
  const messages: SmsMessage[] = [];
  let failing = false;
  const provider: SmsProvider = {
    name: 'test-phone',
    send: async (message) => {
      if (failing) throw new Error('gateway down');
      messages.push(message);
    },
  };
  return {
    provider,
    messages,
    fail: (value: boolean) => (failing = value),
    latestCode(phone: string): string {
      const code = messages
        .filter((m) => m.to === phone)
        .at(-1)
        ?.text.match(/\b([0-9]{6})\b/)?.[1];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
  };
}

const clock = {
  current: new Date('2026-04-01T09:00:00Z'),
  now: () => new Date(clock.current),
  advance: (ms: number) => {
    clock.current = new Date(clock.current.getTime() + ms);
  },
};

const inbox = createPhoneInbox();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { providers: { sms: inbox.provider }, now: clock.now });
});
afterAll(() => t.close());

let lastOctet = 0;
let lastPhone = 9_000_000_000;
const newClient = () => createClient(t.app, { remoteAddress: `10.3.0.${++lastOctet}` });
const newPhone = () => String(++lastPhone);

const sendOtp = (client: TestClient) => client.request({ method: 'POST', url: API.phone.sendOtp });
const verifyPhone = (client: TestClient, otp: string) =>
  client.request({ method: 'POST', url: API.phone.verify, payload: { otp } });
const setPhone = (client: TestClient, phone: string | null) =>
  client.request({ method: 'PATCH', url: API.users.profile, payload: { phone } });
const checkAuth = (client: TestClient) => client.request({ method: 'GET', url: API.users.checkAuth });

/** A signed-in customer with a mobile number on the profile. */
async function shopperWithPhone() {
  const client = newClient();
  const account = await signUp(client);
  const phone = newPhone();
  expect((await setPhone(client, phone)).statusCode).toBe(200);
  return { client, phone, ...account };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone verification', () => {
  it('texts a code to the profile number, and the code marks the number verified', async () => {
    const { client, phone } = await shopperWithPhone();
    const sent = await sendOtp(client);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: PHONE_MESSAGES.sent });
    expect(sent.headers['cache-control']).toBe('no-store');
    const sms = inbox.messages.filter((m) => m.to === phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toMatch(
      /^[0-9]{6} is your Pehnava verification code\. It is valid for 10 minutes\./,
    );

    const res = await verifyPhone(client, inbox.latestCode(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: PHONE_MESSAGES.verified,
      isMobVerified: true,
      user: expect.objectContaining({ phone, isMobVerified: true }),
    });
    expect((await checkAuth(client)).json()).toMatchObject({ isMobVerified: true });
  });

  it('refuses a wrong code with 400 and leaves the number unverified', async () => {
    const { client, phone } = await shopperWithPhone();
    await sendOtp(client);
    const res = await verifyPhone(client, wrongCode(inbox.latestCode(phone)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid or expired OTP.', code: 'INVALID_OTP' });
    expect((await checkAuth(client)).json().isMobVerified).toBe(false);
  });

  it('burns the code after 5 wrong tries', async () => {
    const { client, phone } = await shopperWithPhone();
    await sendOtp(client);
    const code = inbox.latestCode(phone);
    for (let i = 0; i < 5; i++) expect((await verifyPhone(client, wrongCode(code))).statusCode).toBe(400);
    expect((await verifyPhone(client, code)).statusCode).toBe(400);
  });

  it('refuses a code after 10 minutes', async () => {
    const { client, phone } = await shopperWithPhone();
    await sendOtp(client);
    clock.advance(OTP_TTL_MS);
    expect((await verifyPhone(client, inbox.latestCode(phone))).statusCode).toBe(400);
  });

  it('voids the old code when a new one is sent', async () => {
    const { client, phone } = await shopperWithPhone();
    await sendOtp(client);
    const oldCode = inbox.latestCode(phone);
    let newCode = oldCode;
    // Two random codes are equal once in a million; send again rather than flake.
    while (newCode === oldCode) {
      clock.advance(PHONE_SEND_LIMIT.windowMs);
      await sendOtp(client);
      newCode = inbox.latestCode(phone);
    }
    expect((await verifyPhone(client, oldCode)).statusCode).toBe(400);
    expect((await verifyPhone(client, newCode)).statusCode).toBe(200);
  });

  it('does not verify a number changed after the code was sent', async () => {
    const { client, phone } = await shopperWithPhone();
    await sendOtp(client);
    const code = inbox.latestCode(phone);
    await setPhone(client, newPhone());
    expect((await verifyPhone(client, code)).statusCode).toBe(400);
    expect((await checkAuth(client)).json().isMobVerified).toBe(false);
  });

  it('answers 400 without a number on the profile, 409 when it is already verified', async () => {
    const client = newClient();
    await signUp(client);
    const none = await sendOtp(client);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PHONE_MESSAGES.noPhone);

    const { client: verified, phone } = await shopperWithPhone();
    await sendOtp(verified);
    await verifyPhone(verified, inbox.latestCode(phone));
    const again = await sendOtp(verified);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PHONE_MESSAGES.alreadyVerified);
  });

  it(`sends at most ${PHONE_SEND_LIMIT.max} codes in 15 minutes`, async () => {
    const { client, phone } = await shopperWithPhone();
    for (let i = 0; i < PHONE_SEND_LIMIT.max; i++) expect((await sendOtp(client)).statusCode).toBe(200);
    const res = await sendOtp(client);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many codes sent. Try again in 15 minutes.');
    expect(res.headers['retry-after']).toBe(String(15 * 60));
    expect(inbox.messages.filter((m) => m.to === phone)).toHaveLength(PHONE_SEND_LIMIT.max);
    clock.advance(PHONE_SEND_LIMIT.windowMs + MINUTE);
    expect((await sendOtp(client)).statusCode).toBe(200);
  });

  it('answers 502 with a clear message when the SMS cannot be sent', async () => {
    const { client } = await shopperWithPhone();
    inbox.fail(true);
    try {
      const res = await sendOtp(client);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: PHONE_MESSAGES.smsFailed, code: 'SMS_FAILED' });
    } finally {
      inbox.fail(false);
    }
  });

  it('is for signed-in shoppers only', async () => {
    const guest = newClient();
    expect((await sendOtp(guest)).statusCode).toBe(401);
    expect((await verifyPhone(guest, '123456')).statusCode).toBe(401);
  });

  it('validates the code format', async () => {
    const { client } = await shopperWithPhone();
    const res = await verifyPhone(client, '12345');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'otp', msg: 'Enter the 6-digit code.' }]);
  });
});

describe('phone verification with the outbox SMS simulator', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('writes the text message to DATA_DIR/outbox/sms and its code verifies the number', async () => {
    const client = createClient(plain.app);
    await signUp(client);
    await setPhone(client, '9876501234');
    expect((await sendOtp(client)).statusCode).toBe(200);
    const [sms] = await readSmsOutbox(smsOutboxDir(plain.config.dataDir));
    expect(sms?.to).toBe('9876501234');
    const code = sms?.text.match(/\b([0-9]{6})\b/)?.[1] ?? '';
    expect((await verifyPhone(client, code)).statusCode).toBe(200);
    expect((await checkAuth(client)).json().isMobVerified).toBe(true);
  });
});
