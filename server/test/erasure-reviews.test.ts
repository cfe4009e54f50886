import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY, HOUR } from '../../common/constants';
import type { HappyCustomers, MyReview, ProductReviews } from '../../common/schemas/reviews';
import { moveOrder } from '../db/factories/order.factory';
import { createProduct } from '../db/factories/product.factory';
import { createScheduler } from '../jobs/scheduler';
import { reviews as reviewsTable, reviewVotes } from '../modules/reviews/reviews.schema';
import { FORMER_CUSTOMER } from '../modules/reviews/reviews.service';
import { ensureConfiguredAdmin } from '../modules/users/ensure-admin';
import { users } from '../modules/users/users.schema';
import { uploadsDir } from '../providers/storage/local';
import { line, placeCod, type Shopper, signedInShopper } from './order-kit';
import { createClient, createTestApp, jobsNamed, type TestApp, type TestClient } from './test-app';

const ADMIN_EMAIL = 'moderator@pehnava.in';
const ADMIN_PASSWORD = 'Bandhani#Red2026';

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let admins = 0;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD }, { now: () => clock });
  await ensureConfiguredAdmin(t.database.db, t.config);
});
afterAll(() => t.close());

/** Staff, signed in now: each test moves the clock past the sessions of the one before. */
async function signedInAdmin(): Promise<TestClient> {
  admins += 1;
  const admin = createClient(t.app, { remoteAddress: `10.57.0.${admins}` });
  const res = await admin.request({
    method: 'POST',
    url: API.users.login,
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  // Signing in starts a new session, with its own CSRF token.
  await admin.fetchCsrf();
  return admin;
}

/** A shopper who has received each of the products (a delivered cash-on-delivery order of each). */
async function buyer(name: string, productIds: string[]): Promise<Shopper> {
  const s = await signedInShopper(t, { name });
  for (const productId of productIds) {
    const order = await placeCod(s, [line(productId, { price: 999 })]);
    await moveOrder(t.database.db, order._id, {
      deliveryStatus: 'Delivered',
      paymentStatus: 'Paid',
      note: 'Delivered.',
      at: clock,
    });
  }
  return s;
}

/** Writes a review through the API as a browser's FormData sends it, with a photo when given. */
async function write(
  s: Shopper,
  productId: string,
  fields: { rating: string; title: string; comment: string },
  photo?: Buffer,
): Promise<MyReview> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (photo) {
    form.append('consent', 'true');
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  }
  const encoded = new Response(form);
  const res = await s.client.request({
    method: 'POST',
    url: API.reviews.product(productId),
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().review;
}

const selfie = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d35400' } })
    .jpeg()
    .toBuffer();

const reviewsOf = async (productId: string): Promise<ProductReviews> =>
  (await t.app.inject({ method: 'GET', url: API.reviews.product(productId) })).json();

const ratingOf = async (productId: string) => {
  const { rating, numReviews } = (
    await t.app.inject({ method: 'GET', url: API.catalog.product(productId) })
  ).json();
  return { rating, numReviews };
};

/** Where the local storage keeps a photo URL's file. */
const fileOf = (url: string) => path.join(uploadsDir(t.config.dataDir), url.replace(/^\/uploads\//, ''));

const rowsOf = (userId: string) =>
  t.database.db.select().from(reviewsTable).where(eq(reviewsTable.userId, userId)).orderBy(reviewsTable.id);

describe('erasing a closed account with reviews', () => {
  it('shows its published reviews as by a former customer without the photo, deletes the rest, and only once', async () => {
    const admin = await signedInAdmin();
    const kurta = await createProduct(t.database.db, { price: 999, mrp: 1499 });
    const dupatta = await createProduct(t.database.db, { price: 999, mrp: 1499 });
    const priya = await buyer('Priya Sharma', [kurta, dupatta]);
    const arjun = await buyer('Arjun Mehta', [kurta]);

    // Priya's photo review of the kurta is approved; her photo review of the dupatta still waits.
    const fields = {
      rating: '5',
      title: 'Wore it to a wedding',
      comment: 'Lovely colour and a comfortable fit.',
    };
    const published = await write(priya, kurta, fields, await selfie());
    expect(published).toMatchObject({ author: 'Priya S.', status: 'pending' });
    const approved = await admin.request({ method: 'POST', url: API.admin.approveReview(published._id) });
    expect(approved.statusCode).toBe(200);
    const waiting = await write(
      priya,
      dupatta,
      { rating: '2', title: 'Thin fabric', comment: 'See the photo: you can see through it.' },
      await selfie(),
    );
    expect(waiting.status).toBe('pending');
    const arjunsReview = await write(arjun, kurta, {
      rating: '3',
      title: 'Runs small',
      comment: 'Nice print, but order a size up.',
    });

    // Each finds the other's review helpful.
    const vote = (s: Shopper, reviewId: string) =>
      s.client.request({ method: 'POST', url: API.reviews.helpful(reviewId) });
    expect((await vote(priya, arjunsReview._id)).statusCode).toBe(200);
    expect((await vote(arjun, published._id)).statusCode).toBe(200);

    const photo = (await reviewsOf(kurta)).reviews.find((r) => r._id === published._id)?.image;
    expect(photo).not.toBeNull();
    const files = [
      photo?.sm,
      photo?.md,
      photo?.lg,
      waiting.image?.sm,
      waiting.image?.md,
      waiting.image?.lg,
    ].map((url) => fileOf(url as string));
    expect(files.every((file) => existsSync(file))).toBe(true);
    expect(await ratingOf(kurta)).toEqual({ rating: 4, numReviews: 2 });
    const wall = async (): Promise<HappyCustomers> =>
      (await t.app.inject({ method: 'GET', url: API.reviews.happyCustomers })).json();
    expect((await wall()).reviews.map((r) => r._id)).toContain(published._id);

    const closed = await priya.client.request({
      method: 'DELETE',
      url: API.users.me,
      payload: { password: priya.account.password },
    });
    expect(closed.statusCode).toBe(200);

    const results: unknown[] = [];
    const jobs = createScheduler({
      db: t.database.db,
      kind: t.database.kind,
      log: {
        debug: (details) => results.push((details as { result: unknown }).result),
        info: (details) => results.push((details as { result: unknown }).result),
        error: () => {},
      },
      jobs: jobsNamed(t.containerWith({ now: () => clock }), 'erase-closed-accounts'),
    });
    const nothing = {
      erased: 0,
      reviewsAnonymised: 0,
      reviewsDeleted: 0,
      photosDeleted: 0,
      votesUnlinked: 0,
      addressesDeleted: 0,
      likesDeleted: 0,
    };

    // Within the 90 days nothing changes: the account could still be asked about.
    advance(90 * DAY - HOUR);
    expect(await jobs.runAll()).toEqual({ 'erase-closed-accounts': 'ran' });
    expect(results.pop()).toEqual(nothing);
    expect((await reviewsOf(kurta)).reviews.find((r) => r._id === published._id)).toMatchObject({
      author: 'Priya S.',
      image: photo,
    });

    advance(2 * HOUR);
    expect(await jobs.runAll()).toEqual({ 'erase-closed-accounts': 'ran' });
    expect(results.pop()).toEqual({
      erased: 1,
      reviewsAnonymised: 1,
      reviewsDeleted: 1,
      photosDeleted: 2,
      votesUnlinked: 1,
      addressesDeleted: 1,
      likesDeleted: 0,
    });

    // The published review stays with its stars, title, text and helpful count, by a former customer.
    const after = await reviewsOf(kurta);
    const { status: _status, moderationNote: _note, ...asWritten } = published;
    expect(after.reviews.find((r) => r._id === published._id)).toEqual({
      ...asWritten,
      author: FORMER_CUSTOMER,
      image: null,
      helpful: 1,
    });
    // Priya's vote no longer names her; the count it added stays.
    expect(after.reviews.find((r) => r._id === arjunsReview._id)?.helpful).toBe(1);
    expect(
      await t.database.db.select().from(reviewVotes).where(eq(reviewVotes.userId, priya.userId)),
    ).toEqual([]);
    // Nothing that counted changed, so the rating stays.
    expect(after.summary).toMatchObject({ average: 4, count: 2 });
    expect(await ratingOf(kurta)).toEqual({ rating: 4, numReviews: 2 });

    // The photos are gone: from storage, from the URLs, from the wall; the unpublished review is deleted.
    expect(files.filter((file) => existsSync(file))).toEqual([]);
    const served = await t.app.inject({ method: 'GET', url: photo?.md as string });
    expect(served.statusCode).toBe(404);
    expect((await wall()).reviews.map((r) => r._id)).not.toContain(published._id);
    expect((await rowsOf(priya.userId)).map((row) => row.id)).toEqual([published._id]);

    const [account] = await t.database.db.select().from(users).where(eq(users.id, priya.userId));
    expect(account).toMatchObject({ name: 'Deleted user', passwordHash: null });

    // A second run changes nothing more.
    const rowsBefore = await rowsOf(priya.userId);
    advance(DAY);
    expect(await jobs.runAll()).toEqual({ 'erase-closed-accounts': 'ran' });
    expect(results.pop()).toEqual(nothing);
    expect(await rowsOf(priya.userId)).toEqual(rowsBefore);
    expect(await ratingOf(kurta)).toEqual({ rating: 4, numReviews: 2 });
  });

  it('leaves the account and its review as they were when a photo cannot be removed, and erases both on the next run', async () => {
    const admin = await signedInAdmin();
    const saree = await createProduct(t.database.db, { price: 999, mrp: 1499 });
    const meera = await buyer('Meera Iyer', [saree]);
    const review = await write(
      meera,
      saree,
      { rating: '4', title: 'Graceful drape', comment: 'Light silk that falls beautifully.' },
      await selfie(),
    );
    expect(
      (await admin.request({ method: 'POST', url: API.admin.approveReview(review._id) })).statusCode,
    ).toBe(200);
    const closed = await meera.client.request({
      method: 'DELETE',
      url: API.users.me,
      payload: { password: meera.account.password },
    });
    expect(closed.statusCode).toBe(200);

    // The storage refuses the first removal (a full or read-only disk, say).
    const storage = t.container.providers.storage;
    let failures = 1;
    const flaky = {
      ...storage,
      delete: async (key: string) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('EROFS: read-only file system');
        }
        await storage.delete(key);
      },
    };
    const errors: string[] = [];
    const jobs = createScheduler({
      db: t.database.db,
      kind: t.database.kind,
      log: { info: () => {}, error: (_details, message) => errors.push(message) },
      jobs: jobsNamed(
        t.containerWith({ now: () => clock, providers: { storage: flaky } }),
        'erase-closed-accounts',
      ),
    });

    advance(90 * DAY + HOUR);
    expect(await jobs.runAll()).toEqual({ 'erase-closed-accounts': 'failed' });
    expect(errors).toEqual(['job erase-closed-accounts failed']);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, meera.userId));
    expect(account).toMatchObject({ name: 'Meera Iyer', erasedAt: null });
    const [row] = await rowsOf(meera.userId);
    expect(row).toMatchObject({ authorName: 'Meera I.', status: 'approved' });
    expect(row?.imageKey).not.toBeNull();

    expect(await jobs.runAll()).toEqual({ 'erase-closed-accounts': 'ran' });
    const [erased] = await t.database.db.select().from(users).where(eq(users.id, meera.userId));
    expect(erased).toMatchObject({ name: 'Deleted user', erasedAt: clock });
    expect(await rowsOf(meera.userId)).toMatchObject([
      { id: review._id, authorName: FORMER_CUSTOMER, imageKey: null, status: 'approved', rating: 4 },
    ]);
    const files = [review.image?.sm, review.image?.md, review.image?.lg].map((url) => fileOf(url as string));
    expect(files.filter((file) => existsSync(file))).toEqual([]);
    expect(await ratingOf(saree)).toEqual({ rating: 4, numReviews: 1 });
  });
});
