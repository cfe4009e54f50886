import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import type { Order } from '../../common/schemas/order';
import { REVIEW_MESSAGES } from '../../common/schemas/reviews';
import { TEXT_MESSAGES } from '../../common/schemas/text';
import { createProduct } from '../db/factories/product.factory';
import { analyticsEvents } from '../modules/analytics/analytics.schema';
import { ensureConfiguredAdmin } from '../modules/users/ensure-admin';
import { DATABASE_MESSAGES } from '../plugins/error-handler';
import { cod, deliver, line, placeCod, type Shopper, signedInShopper } from './order-kit';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

/**
 * Requests an attacker would send: control characters, unpaired surrogates and malformed bodies.
 * Each answers 4xx with the usual error body (204 for the analytics beacon), never a 500.
 */

const ADMIN_EMAIL = 'guard@pehnava.in';
const ADMIN_PASSWORD = 'Chikan#Work2026';
const NUL = '\u0000';

let t: TestApp;
let s: Shopper;
let productId: string;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  s = await signedInShopper(t, { name: 'Ravi Kumar' });
  productId = await createProduct(t.database.db, { price: 499 });
  await ensureConfiguredAdmin(t.database.db, t.config);
  admin = createClient(t.app, { remoteAddress: '10.77.0.1' });
  const signIn = await admin.request({
    method: 'POST',
    url: API.users.login,
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  await admin.fetchCsrf();
});
afterAll(() => t.close());

/** A 422 that names the field and says why. */
function expectRefused(
  res: { statusCode: number; body: string; json(): unknown },
  path: string,
  msg: string,
) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({
    message: 'Please correct the highlighted fields.',
    code: 'VALIDATION_FAILED',
    errors: [{ path, msg }],
  });
}

describe('control characters in JSON text', () => {
  it('refuses a NUL in the profile name with 422 and keeps the name', async () => {
    const res = await s.client.request({
      method: 'PATCH',
      url: API.users.profile,
      payload: { name: `R${NUL}avi Kumar` },
    });
    expectRefused(res, 'name', TEXT_MESSAGES.singleLine);
    const profile = await s.client.request({ method: 'GET', url: API.users.profile });
    expect(profile.json().user.name).toBe('Ravi Kumar');
  });

  it('refuses a NUL in the sign-in email with 422', async () => {
    const res = await createClient(t.app, { remoteAddress: '10.77.0.2' }).request({
      method: 'POST',
      url: API.users.login,
      payload: { email: `a@b.in${NUL}`, password: 'Kurta#Silk2026' },
    });
    expectRefused(res, 'email', TEXT_MESSAGES.singleLine);
  });

  it('refuses a NUL in the sign-up name with 422 and creates no account', async () => {
    const client = createClient(t.app, { remoteAddress: '10.77.0.3' });
    const email = 'nul.name@example.in';
    const res = await client.request({
      method: 'POST',
      url: API.users.register,
      payload: {
        name: `R${NUL}avi`,
        email,
        password: 'Kurta#Silk2026',
        confirmPassword: 'Kurta#Silk2026',
        isAdult: true,
      },
    });
    expectRefused(res, 'name', TEXT_MESSAGES.singleLine);
    const signIn = await client.request({
      method: 'POST',
      url: API.users.login,
      payload: { email, password: 'Kurta#Silk2026' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('refuses a NUL in the order notes with 400 naming the field, and places no order', async () => {
    const res = await s.client.request({
      method: 'POST',
      url: API.order.place,
      payload: cod(s, [line(productId)], { orderNotes: `Call${NUL} first` }),
    });
    // An order the shop cannot take answers 400 with the fields named (DESIGN.md §5).
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_ORDER',
      errors: [{ path: 'orderNotes', msg: TEXT_MESSAGES.multiLine }],
    });
    const mine = await s.client.request({ method: 'GET', url: API.order.mine });
    expect(mine.json().orders).toEqual([]);
  });

  it('keeps tabs and line breaks in the order notes', async () => {
    const order = await placeCod(s, [line(productId)]);
    expect(order.orderNotes).toBe('Please call before delivery.');
    const res = await s.client.request({
      method: 'POST',
      url: API.order.place,
      payload: cod(s, [line(productId)], { orderNotes: 'Ring twice\r\n\tthen call' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.orderNotes).toBe('Ring twice\n\tthen call');
  });

  it('refuses a NUL in a cancel reason with 422 and leaves the order as it was', async () => {
    const order = await placeCod(s, [line(productId)]);
    const res = await s.client.request({
      method: 'POST',
      url: API.order.cancel(order._id),
      payload: { reason: `Changed${NUL} my mind` },
    });
    expectRefused(res, 'reason', TEXT_MESSAGES.multiLine);
    const after = (await s.client.request({ method: 'GET', url: API.order.one(order._id) })).json() as Order;
    expect(after.deliveryStatus).toBe(order.deliveryStatus);
    expect(after.history).toHaveLength(order.history.length);
  });

  it("refuses a NUL in staff's rejection note with 422 and leaves the review as it was", async () => {
    const order = await placeCod(s, [line(productId)]);
    await deliver(t, order, new Date());
    const written = await s.client.request({
      method: 'POST',
      url: API.reviews.product(productId),
      ...(await multipart({ rating: '5', title: 'Lovely kurta', comment: 'Soft cotton, true to size.' })),
    });
    expect(written.statusCode, written.body).toBe(201);
    const reviewId = written.json().review._id as string;

    const res = await admin.request({
      method: 'POST',
      url: API.admin.rejectReview(reviewId),
      payload: { note: `Off${NUL} topic` },
    });
    expectRefused(res, 'note', TEXT_MESSAGES.multiLine);
    const mine = await s.client.request({ method: 'GET', url: API.reviews.mine(productId) });
    expect(mine.json().review).toMatchObject({ _id: reviewId, status: 'approved' });
  });

  it('refuses an unpaired surrogate in a name with 422', async () => {
    const res = await s.client.request({
      method: 'PATCH',
      url: API.users.profile,
      // JSON.stringify writes a lone surrogate as the escape \ud800, as a hostile client would.
      payload: JSON.stringify({ name: 'Ravi \ud800' }),
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(res, 'name', TEXT_MESSAGES.surrogate);
  });
});

describe('dates in the staff lists', () => {
  it.each([API.admin.audit, API.admin.orders])(
    'refuses a date outside 1970 to 9999 in %s with 422 naming it',
    async (url) => {
      for (const query of ['to=0000-02-29', 'from=9999-12-31T23:00:00-05:00']) {
        const res = await admin.request({ method: 'GET', url: `${url}?${query}` });
        expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual([
          { path: query.split('=')[0], msg: 'Use a date between 1970 and 9999.' },
        ]);
      }
    },
  );
});

describe('input the database refuses', () => {
  /** Makes updates of `users` fail with `sqlstate`, as the database would for a value it cannot take. */
  async function refuseUserUpdates(
    sqlstate: string,
    request: () => Promise<{ statusCode: number; json(): unknown }>,
  ) {
    await t.database.db.execute(
      sql.raw(`create function hostile_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused' using errcode = '${sqlstate}'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger hostile_refuse before update on users for each row execute function hostile_refuse()',
      ),
    );
    try {
      return await request();
    } finally {
      await t.database.db.execute(sql.raw('drop trigger hostile_refuse on users'));
      await t.database.db.execute(sql.raw('drop function hostile_refuse()'));
    }
  }
  const rename = () =>
    s.client.request({ method: 'PATCH', url: API.users.profile, payload: { name: 'Ravi K' } });

  it.each([
    ['22021', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['22P05', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['23505', 409, { message: DATABASE_MESSAGES.duplicate, code: 'CONFLICT' }],
  ])('answers a database error %s caused by input with %i', async (sqlstate, status, body) => {
    const res = await refuseUserUpdates(sqlstate, rename);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it('answers any other database error with a 500 without detail', async () => {
    const res = await refuseUserUpdates('P0001', rename);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });
});

describe('the analytics beacon', () => {
  const sessionId = () => randomBytes(16).toString('hex');
  const collect = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: API.analytics.collect,
      remoteAddress: '10.77.1.1',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: body,
    });
  const rowOf = async (id: string) => {
    const rows = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, id));
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  it('stores an event with control characters in every text field cleaned, and answers 204', async () => {
    const id = sessionId();
    const res = await collect(
      JSON.stringify({
        type: 'event',
        sessionId: id,
        path: `/search${NUL}`,
        url: `https://shop.example/search${NUL}`,
        referrer: `https://www.google.com/${NUL}`,
        lang: `en${NUL}-IN`,
        utm: {
          source: `news${NUL}letter`,
          medium: `e\u0007mail`,
          campaign: `diwali${NUL}`,
          term: NUL,
          content: 'x',
        },
        event: { name: `add_to${NUL}_cart`, data: { [`qty${NUL}`]: 2, note: `a${NUL}b`, [NUL]: 'dropped' } },
      }),
    );
    expect(res.statusCode, res.body).toBe(204);
    const row = await rowOf(id);
    expect(row?.path).toBe('/search');
    expect(row?.payload).toEqual({
      url: 'https://shop.example/search',
      referrer: 'https://www.google.com/',
      lang: 'en-IN',
      utm: { source: 'newsletter', medium: 'email', campaign: 'diwali', term: '', content: 'x' },
      event: { name: 'add_to_cart', data: { qty: 2, note: 'ab' } },
    });
  });

  it('stores a URL with an unpaired surrogate with the replacement character, and answers 204', async () => {
    const id = sessionId();
    // Written by hand: the escape \ud800 alone is what a hostile client sends.
    const res = await collect(
      `{"type":"pageview","sessionId":"${id}","path":"/p\\ud800","url":"http://127.0.0.1/p\\ud800"}`,
    );
    expect(res.statusCode, res.body).toBe(204);
    const row = await rowOf(id);
    expect(row?.path).toBe('/p\uFFFD');
    expect(row?.payload).toEqual({ url: 'http://127.0.0.1/p\uFFFD' });
  });
});

describe('malformed multipart bodies', () => {
  const fields = '--abc\r\nContent-Disposition: form-data; name="rating"\r\n\r\n5\r\n';
  const malformed: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `${fields}--abc--\r\n`],
    ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, fields],
    ['a body cut short', 'multipart/form-data; boundary=abc', fields.slice(0, -6)],
    ['another boundary', 'multipart/form-data; boundary=abc', fields.replaceAll('abc', 'xyz')],
  ];
  /** A buyer of two products: one reviewed (`reviewId`), one still to review (`toReview`). */
  let buyer: Shopper;
  let reviewId: string;
  let toReview: string;
  beforeAll(async () => {
    buyer = await signedInShopper(t);
    const reviewed = await createProduct(t.database.db, { price: 499 });
    toReview = await createProduct(t.database.db, { price: 499 });
    await deliver(t, await placeCod(buyer, [line(reviewed), line(toReview)]), new Date());
    const written = await buyer.client.request({
      method: 'POST',
      url: API.reviews.product(reviewed),
      ...(await multipart({ rating: '4', title: 'Good kurta', comment: 'Fits well and washes well.' })),
    });
    expect(written.statusCode, written.body).toBe(201);
    reviewId = written.json().review._id;
  });

  it.each(malformed)(
    'answers 400 to %s when writing or editing a review',
    async (_case, contentType, body) => {
      for (const [method, url] of [
        ['POST', API.reviews.product(productId)],
        ['PUT', API.reviews.one(reviewId)],
      ] as const) {
        const res = await buyer.client.request({
          method,
          url,
          headers: { 'content-type': contentType },
          payload: body,
        });
        expect(res.statusCode, `${method} ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ message: REVIEW_MESSAGES.malformedForm, code: 'MALFORMED_FORM' });
      }
    },
  );

  it('answers 404 for a malformed or unknown id before reading the form', async () => {
    for (const [method, url] of [
      ['PUT', API.reviews.one('NaN')],
      ['PUT', API.reviews.one('00000000-0000-4000-8000-000000000000')],
      ['POST', API.reviews.product('NaN')],
    ] as const) {
      for (const [, contentType, body] of malformed) {
        const res = await buyer.client.request({
          method,
          url,
          headers: { 'content-type': contentType },
          payload: body,
        });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      }
    }
  });
});

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}
