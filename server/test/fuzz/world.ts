import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { INDIAN_STATES_AND_UTS } from '../../../common/indian-states';
import { createProduct } from '../../db/factories/product.factory';
import { loggerOptions } from '../../logger';
import { ensureConfiguredAdmin } from '../../modules/users/ensure-admin';
import { SESSION_COOKIE } from '../../plugins/auth';
import { webhookSignature } from '../../providers/payment/signatures';
import { simulatorSecrets } from '../../providers/payment/simulator';
import { simulatorId } from '../../providers/payment/simulator-store';
import { type FakeShiprocket, startFakeShiprocket } from '../../providers/shipping/fake-shiprocket';
import { createShiprocketShippingProvider } from '../../providers/shipping/shiprocket';
import { homeAddress } from '../order-kit';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from '../test-app';
import type { Hints, Operation } from './openapi';
import { LogCapture, SecretBook } from './oracles';
import { type Draft, type FormPart, type Json, payloadOf, type Role, urlOf } from './request';

/**
 * The shop the fuzz test runs against: the real app on a fresh database with its log in memory, a few
 * products, a browser per role (a guest, a signed-in customer, staff), the payment simulator and a
 * fake Shiprocket whose webhooks it signs. It sends each request as its role's browser would, and
 * afterwards keeps each browser what it should be: a request that signed it out, changed its password
 * or closed its account is followed, and the browser signed in again (deep-state.ts keeps the rest).
 */

const STAFF_EMAIL = 'fuzz.staff@pehnava.in';
const STAFF_PASSWORD = 'Chikan#Work2026';
const SHIPROCKET = {
  email: 'api-user@pehnava.in',
  password: 'Api#Secret2026',
  pickupPincode: '110020',
  webhookToken: 'webhook-token-fuzz-0123456789abcdef',
} as const;

/** New passwords the fuzzer sets: strong enough for the shop's rules, each of them tracked. */
export const STRONG_PASSWORDS = [
  'Zari#Thread2031',
  'Ikat#Weave2032',
  'Bandhani#Dye2033',
  'Phulkari#Stitch2034',
  'Chanderi#Loom2035',
  'Paithani#Border2036',
] as const;
const WRONG_PASSWORD = 'Wrong#Guess2026';
const NAMES = ['Asha Verma', 'Ravi Kumar', 'Meera Iyer', 'Arjun Singh', 'Fatima Shaikh', 'Tenzin Dorje'];
/** Pincodes the fake Shiprocket serves. */
const PINCODES = ['302001', '400020', '110001', '560034'];
const STOCK = 1_000_000;

export interface Account {
  label: string;
  userId: string;
  email: string;
  password: string;
  closed: boolean;
  /** Blocked by staff: sign-in answers 403 until staff unblock it. */
  blocked?: boolean;
}

export interface Browser {
  role: Role;
  client: TestClient;
  csrf: string;
  /** Who this browser is signed in as; null for the guest. */
  account: Account | null;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
  headers: LightMyRequestResponse['headers'];
}

/** A clock the run moves forward, so the shop's windows and limits behave as over hours of use. */
function createClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/** A value read when a request is generated, so it names what exists then. */
export const current = <T>(value: () => T): fc.Arbitrary<T> => fc.constant(null).map(() => value());

/** One of the values `values()` holds when a request is generated, or `fallback` when it holds none. */
export const pick = <T>(values: () => readonly T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.nat().chain((index) => {
    const pool = values();
    return pool.length > 0 ? fc.constant(pool[index % pool.length] as T) : fallback;
  });

export type World = Awaited<ReturnType<typeof createWorld>>;

export async function createWorld() {
  const clock = createClock();
  const log = new LogCapture();
  const secrets = new SecretBook();
  /** Invariants the world saw break while the run went on (an account that could not sign in). */
  const breakages: string[] = [];

  const fake: FakeShiprocket = await startFakeShiprocket({
    email: SHIPROCKET.email,
    password: SHIPROCKET.password,
  });
  // The courier adapter exists before the app; it logs through the app's logger once there is one.
  let appLog: TestApp['app']['log'] | undefined;
  const shipping = createShiprocketShippingProvider({
    email: SHIPROCKET.email,
    password: SHIPROCKET.password,
    pickupPincode: SHIPROCKET.pickupPincode,
    pickupLocation: 'Primary',
    webhookToken: SHIPROCKET.webhookToken,
    log: { info: (message) => appLog?.info(message), warn: (message) => appLog?.warn(message) },
    baseUrl: fake.url,
    now: () => clock.now().getTime(),
  });
  const t = await createTestApp(
    {
      ADMIN_EMAIL: STAFF_EMAIL,
      ADMIN_PASSWORD: STAFF_PASSWORD,
      SHIPPING_PROVIDER: 'shiprocket',
      SHIPROCKET_EMAIL: SHIPROCKET.email,
      SHIPROCKET_PASSWORD: SHIPROCKET.password,
      SHIPROCKET_PICKUP_PINCODE: SHIPROCKET.pickupPincode,
      SHIPROCKET_WEBHOOK_TOKEN: SHIPROCKET.webhookToken,
    },
    { providers: { shipping }, now: clock.now, logger: { ...loggerOptions('info'), stream: log.stream } },
  );
  appLog = t.app.log;
  const payment = simulatorSecrets(t.config.dataDir);

  secrets.add('the argon2 password hash prefix', '$argon2');
  secrets.add('the session secret', t.config.sessionSecret);
  secrets.add('the payment key secret', payment.keySecret);
  secrets.add('the payment webhook secret', payment.webhookSecret);
  secrets.add('the Shiprocket password', SHIPROCKET.password);
  secrets.add('the Shiprocket webhook token', SHIPROCKET.webhookToken);
  secrets.add('an address line', homeAddress.addressLine1, 'log');
  secrets.add('a phone number', String(homeAddress.phone), 'log');
  // Passwords the generator types: none may ever reach a log line.
  for (const password of [...STRONG_PASSWORDS, WRONG_PASSWORD]) {
    secrets.add('a password the fuzzer typed', password, 'log');
  }

  let addresses = 0;
  /** A client address of its own for each call, so per-address limits stay out of the way. */
  const nextAddress = () => {
    addresses += 1;
    return `10.${100 + ((addresses >> 16) & 0x7f)}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  /** A product at ₹499 in White, M and L. */
  const product = (name: string, overrides: Parameters<typeof createProduct>[1] = {}) =>
    createProduct(t.database.db, {
      name,
      price: 499,
      mrp: 799,
      variants: [
        { color: 'White', size: 'M', countInStock: STOCK },
        { color: 'White', size: 'L', countInStock: STOCK },
      ],
      ...overrides,
    });
  // Two products with ample stock, one nearly sold out, one that cannot be returned.
  const products = [
    await product('Cotton Kurta'),
    await product('Silk Dupatta'),
    await product('Last Chikan Kurta', { variants: [{ color: 'White', size: 'M', countInStock: 2 }] }),
    await product('Jhumka Earrings', { isRefundable: false }),
  ];

  // Photos for review forms, small and real.
  const photo = sharp({ create: { width: 16, height: 12, channels: 3, background: '#b03060' } });
  const image = async (extension: string, type: string, encode: (picture: Sharp) => Sharp) => ({
    name: 'image',
    filename: `kurta.${extension}`,
    contentType: type,
    value: await encode(photo.clone()).toBuffer(),
  });
  const images: FormPart[] = [
    await image('jpg', 'image/jpeg', (picture) => picture.jpeg()),
    await image('png', 'image/png', (picture) => picture.png()),
    await image('webp', 'image/webp', (picture) => picture.webp()),
  ];

  const accounts: Account[] = [];
  /** Every password an account has had: none may ever be logged. */
  const remember = (account: Account) => {
    secrets.add(`the password of ${account.label}`, account.password);
    if (!accounts.includes(account)) accounts.push(account);
  };

  /** The cookies an answer sets, as `name → value`; every session token among them becomes a secret. */
  const cookiesSet = (setCookie: string | string[] | undefined): [string, string][] =>
    [setCookie ?? []].flat().flatMap((line) => {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) return [];
      if (name.trim() === SESSION_COOKIE && value) secrets.addSessionToken(value);
      return [[name.trim(), value] as [string, string]];
    });
  const rememberCookies = (client: TestClient, setCookie: string | string[] | undefined) => {
    for (const [name, value] of cookiesSet(setCookie)) client.cookies.set(name, value);
  };
  const refreshCsrf = async (browser: Browser) => {
    browser.csrf = await browser.client.fetchCsrf();
    secrets.addCsrfToken(browser.csrf);
    const token = browser.client.cookies.get(SESSION_COOKIE);
    if (token) secrets.addSessionToken(token);
  };

  let shoppers = 0;
  /** A new customer account, signed in in a browser of its own. */
  async function newShopper(label: string): Promise<Browser> {
    shoppers += 1;
    const client = createClient(t.app, { remoteAddress: nextAddress() });
    const signed = await signUp(client, {
      name: NAMES[shoppers % NAMES.length] as string,
      email: `fuzz.shopper${shoppers}.${Date.now().toString(36)}@example.in`,
    });
    const account: Account = {
      label,
      userId: signed.user._id,
      email: signed.email,
      password: signed.password,
      closed: false,
    };
    remember(account);
    const browser: Browser = { role: 'customer', client, csrf: '', account };
    await refreshCsrf(browser);
    return browser;
  }

  async function signIn(client: TestClient, account: Account): Promise<LightMyRequestResponse> {
    return client.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: nextAddress(),
    });
  }

  await ensureConfiguredAdmin(t.database.db, t.config);
  const staffAccount: Account = {
    label: 'the staff account',
    userId: '',
    email: STAFF_EMAIL,
    password: STAFF_PASSWORD,
    closed: false,
  };
  const staffClient = createClient(t.app, { remoteAddress: nextAddress() });
  const staffSignIn = await signIn(staffClient, staffAccount);
  if (staffSignIn.statusCode !== 200)
    throw new Error(`fuzz setup: staff sign-in failed: ${staffSignIn.body}`);
  staffAccount.userId = staffSignIn.json().user._id;
  remember(staffAccount);

  const browsers: Record<Role, Browser> = {
    guest: {
      role: 'guest',
      client: createClient(t.app, { remoteAddress: nextAddress() }),
      csrf: '',
      account: null,
    },
    customer: await newShopper('the customer'),
    staff: { role: 'staff', client: staffClient, csrf: '', account: staffAccount },
  };
  await refreshCsrf(browsers.guest);
  await refreshCsrf(browsers.staff);

  /** The browser a role speaks through, signed in as its account again if a request changed that. */
  async function settle(browser: Browser): Promise<void> {
    await refreshCsrf(browser);
    const res = await browser.client.request({ method: 'GET', url: '/api/users/check-auth' });
    const userId = (res.json().user?._id as string | undefined) ?? null;
    if (userId === (browser.account?.userId ?? null)) return;
    const account = browser.account;
    if (!account) {
      browser.client.cookies.clear();
      await refreshCsrf(browser);
      return;
    }
    if (account.closed && (await reopen(browser, account)) === 'replaced') return;
    if (account.blocked) {
      // Staff blocked this shopper; staff unblock it, so the run goes on with its browser.
      await t.container.services.users.setBlocked(account.userId, null);
      account.blocked = false;
    }
    let signedIn = await signIn(browser.client, account);
    if (signedIn.statusCode !== 200) {
      breakages.push(
        `${account.label} could not sign in with the password it was last given (${signedIn.statusCode} ${signedIn.body})`,
      );
      // Put the known password back, so the run can go on and report the rest.
      await t.container.services.users.setPassword(account.userId, account.password, 'password');
      signedIn = await signIn(browser.client, account);
    }
    rememberCookies(browser.client, signedIn.headers['set-cookie']);
    await refreshCsrf(browser);
  }

  /**
   * A closed account: staff is reopened as start-up would (then signs in again); the customer is
   * replaced by a new one, already signed in.
   */
  async function reopen(browser: Browser, account: Account): Promise<'reopened' | 'replaced'> {
    if (browser.role === 'staff') {
      await ensureConfiguredAdmin(t.database.db, {
        ADMIN_EMAIL: account.email,
        ADMIN_PASSWORD: account.password,
      });
      account.closed = false;
      return 'reopened';
    }
    const fresh = await newShopper(`${account.label} (after closing ${account.email})`);
    browser.client = fresh.client;
    browser.csrf = fresh.csrf;
    browser.account = fresh.account;
    return 'replaced';
  }

  /** The JSON object a draft sends, or an empty one. */
  const sentObject = (draft: Draft): Record<string, unknown> => {
    if (draft.body.kind !== 'json' || draft.body.value === null || typeof draft.body.value !== 'object') {
      return {};
    }
    return draft.body.value as Record<string, unknown>;
  };

  /** Follows what an answered request did to its browser's account and session. */
  async function observe(draft: Draft, answer: Answer): Promise<void> {
    const browser = browsers[draft.role];
    const accepted = answer.status >= 200 && answer.status < 300;
    const sent = sentObject(draft);
    const account = draft.session === 'own' ? browser.account : null;
    if (accepted && draft.operation === 'POST /api/users/register' && typeof sent.password === 'string') {
      secrets.add('the password of an account the fuzzer registered', sent.password);
    }
    if (accepted && account && draft.operation === 'POST /api/users/change-password') {
      account.password = String(sent.newPassword);
      remember(account);
    }
    if (accepted && account && draft.operation === 'DELETE /api/users/me') account.closed = true;
    const blocking = BLOCKING[draft.operation];
    if (accepted && blocking !== undefined) {
      const customer = accounts.find((known) => known.userId === draft.params.id);
      if (customer) customer.blocked = blocking;
    }
    const setCookie = answer.headers['set-cookie'];
    // A request sent without the browser's own session is a stranger's: what it is given is not kept.
    if (draft.session !== 'own') {
      cookiesSet(setCookie);
      return;
    }
    rememberCookies(browser.client, setCookie);
    if (setCookie !== undefined) await settle(browser);
  }

  /** The staff calls that block (true) or unblock (false) the customer named in the path. */
  const BLOCKING: Record<string, boolean> = {
    'POST /api/admin/customers/{id}/block': true,
    'POST /api/admin/customers/{id}/unblock': false,
  };

  const forgedToken = 'F'.repeat(43);
  const forgedCsrf = `${'s'.repeat(16)}.${'m'.repeat(43)}`;
  const otherRole: Record<Role, Role> = { guest: 'customer', customer: 'staff', staff: 'guest' };

  /** Puts a draft on the wire as its role's browser would send it, and times the answer. */
  async function send(draft: Draft): Promise<Answer> {
    const browser = browsers[draft.role];
    const { bytes, contentType } = payloadOf(draft.body);
    const headers: Record<string, string | string[]> = { ...draft.headers };
    const type = draft.contentType === undefined ? contentType : draft.contentType;
    if (type !== undefined && type !== null) headers['content-type'] = type;
    const cookies = new Map(browser.client.cookies);
    if (draft.session === 'none') cookies.delete(SESSION_COOKIE);
    if (draft.session === 'forged') cookies.set(SESSION_COOKIE, forgedToken);
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (draft.method !== 'GET') {
      if (draft.csrf === 'valid') headers['x-csrf-token'] = browser.csrf;
      if (draft.csrf === 'forged') headers['x-csrf-token'] = forgedCsrf;
      if (draft.csrf === 'other-session') headers['x-csrf-token'] = browsers[otherRole[draft.role]].csrf;
    }
    if (draft.signature) Object.assign(headers, signatureHeaders(draft, bytes));
    const started = performance.now();
    const response = await t.app.inject({
      method: draft.method as 'GET',
      url: urlOf(draft),
      headers,
      ...(bytes === undefined ? {} : { payload: bytes }),
      remoteAddress: nextAddress(),
    });
    return {
      status: response.statusCode,
      body: response.body,
      headers: response.headers,
      ms: performance.now() - started,
    };
  }

  /** A webhook's proof as its provider sends it: Razorpay's HMAC of the body, Shiprocket's token. */
  function signatureHeaders(
    draft: Draft,
    bytes: string | Buffer | undefined,
  ): Record<string, string | string[]> {
    const signature = draft.signature;
    if (!signature || signature.mode === 'missing') return {};
    if (signature.provider === 'courier') {
      const token = signature.mode === 'wrong' ? `${SHIPROCKET.webhookToken}x` : SHIPROCKET.webhookToken;
      return { 'x-api-key': signature.mode === 'repeated' ? [token, token] : token };
    }
    const valid = webhookSignature(payment.webhookSecret, bytes ?? '');
    const value = signature.mode === 'wrong' ? webhookSignature('not-the-secret', bytes ?? '') : valid;
    return {
      'x-razorpay-signature': signature.mode === 'repeated' ? [value, value] : value,
      'x-razorpay-event-id': simulatorId('evt'),
    };
  }

  const strongPassword = fc.constantFrom(...STRONG_PASSWORDS);
  const text = (max: number) =>
    fc
      .constantFrom('Please call before delivery.', 'Ordered the wrong size.', 'Soft cotton.', '')
      .map((value) => value.slice(0, max));

  /**
   * Field hints that need no shop state: the role's own credentials, realistic names, pincodes and
   * addresses. `at` is `body.email`, `path.id`, `query.ids`…
   */
  function hints(operation: Operation, role: Role): Hints {
    const account = () => browsers[role].account;
    const specific: Record<string, fc.Arbitrary<Json>> = {
      'POST /api/users/register body': fc
        .record({ name: fc.constantFrom(...NAMES), n: fc.nat(), password: strongPassword })
        .map(({ name, n, password }) => ({
          name,
          email: `fuzz.new${n}@example.in`,
          password,
          confirmPassword: password,
          isAdult: true,
        })),
      'POST /api/users/login body': fc.oneof(
        current(() => ({
          email: account()?.email ?? 'nobody@example.in',
          password: account()?.password ?? WRONG_PASSWORD,
        })),
        fc.record({
          email: fc.constantFrom('nobody@example.in', STAFF_EMAIL),
          password: fc.constant(WRONG_PASSWORD),
        }),
      ),
      'POST /api/users/change-password body': fc.record({
        currentPassword: fc.oneof(
          current(() => account()?.password ?? WRONG_PASSWORD),
          fc.constant(WRONG_PASSWORD),
        ),
        newPassword: strongPassword,
      }),
      // Mostly the wrong password: each right one closes the account, and the next has to be made.
      'DELETE /api/users/me body': fc.record({
        password: fc.oneof(
          { weight: 1, arbitrary: current(() => account()?.password ?? WRONG_PASSWORD) },
          { weight: 3, arbitrary: fc.constant(WRONG_PASSWORD) },
        ),
      }),
    };
    const generic: Record<string, fc.Arbitrary<Json>> = {
      'path.id': fc.constantFrom(...products),
      'query.ids': fc.subarray(products, { minLength: 1 }).map((ids) => ids.join(',')),
      'query.pincode': fc.constantFrom(...PINCODES),
      'query.q': fc.constantFrom('kur', 'Cotton', 'silk dupatta', 'jhumka'),
      'query.name': fc.constantFrom('Kurta', 'Dupatta'),
      'body.name': fc.constantFrom(...NAMES),
      'body.phone':
        operation.path === '/api/users/profile'
          ? fc.oneof(
              fc.constant(null),
              fc.integer({ min: 0, max: 999_999_999 }).map((n) => String(6_000_000_000 + n)),
            )
          : fc.constantFrom(9876543210, '9123456780'),
      'body.pincode': fc.oneof(fc.constantFrom(...PINCODES), fc.constantFrom(...PINCODES.map(Number))),
      'body.addressLine1': fc.constant(homeAddress.addressLine1),
      'body.addressLine2': fc.constantFrom('Near the temple', ''),
      'body.district': fc.constantFrom('Jaipur', 'Mumbai'),
      'body.state': fc.constantFrom(...INDIAN_STATES_AND_UTS),
      'body.country': fc.constant('India'),
      'body.orderNotes': text(500),
      'body.reason': fc.constantFrom('Ordered the wrong size.', 'Changed my mind'),
      'body.note': text(500),
      'body.email': fc.constantFrom('nobody@example.in', 'asha@example.in'),
      'body.path': fc.constantFrom('/', '/product/kurta', '/search?q=silk'),
      'body.url': fc.constantFrom('http://127.0.0.1/', 'http://127.0.0.1/product/kurta'),
      'body.referrer': fc.constantFrom('', 'https://www.google.com/'),
    };
    return (at) => specific[`${operation.id} ${at}`] ?? generic[at];
  }

  return {
    t,
    clock,
    log,
    secrets,
    breakages,
    images,
    products,
    paymentKeySecret: payment.keySecret,
    browsers,
    product,
    newShopper,
    nextAddress,
    refreshCsrf,
    rememberCookies,
    send,
    observe,
    hints,
    settle: (role: Role) => settle(browsers[role]),
    /** Every account the run has made, with the password it should sign in with. */
    accounts: () => [...accounts],
    /** Records a password an account now has (a reset), so it is checked and never logged. */
    remember,
    signIn: (account: Account) => signIn(createClient(t.app, { remoteAddress: nextAddress() }), account),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
