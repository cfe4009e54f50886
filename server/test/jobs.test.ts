import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { DAY, HOUR } from '../../common/constants';
import { createProduct } from '../db/factories/product.factory';
import { createScheduler, type Job } from '../jobs/scheduler';
import { addresses } from '../modules/address/address.schema';
import { likes } from '../modules/likes/likes.schema';
import { sessions, users } from '../modules/users/users.schema';
import { homeAddress } from './order-kit';
import {
  createClient,
  createTestApp,
  jobsNamed,
  signUp,
  skipWithoutPostgres,
  type TestApp,
} from './test-app';

let clock = new Date('2026-11-22T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const silent = { info: () => {}, error: () => {} };
const scheduler = (jobs: Job[]) =>
  createScheduler({ db: t.database.db, kind: t.database.kind, log: silent, jobs });

describe('erasing closed accounts', () => {
  it('erases personal data 90 days after closing, not before, and only once', async () => {
    const closing = createClient(t.app, { remoteAddress: '10.4.0.1' });
    const { user, password } = await signUp(closing, { name: 'Neha Gupta' });
    await closing.request({ method: 'PATCH', url: API.users.profile, payload: { phone: '9876543210' } });
    // An address book and a wishlist are personal data too: they go with the account.
    const saved = await closing.request({
      method: 'POST',
      url: API.address.collection,
      payload: homeAddress,
    });
    expect(saved.statusCode).toBe(201);
    const productId = await createProduct(t.database.db);
    const liked = await closing.request({ method: 'POST', url: API.likes.like(productId) });
    expect(liked.statusCode).toBe(200);
    const staying = await signUp(createClient(t.app, { remoteAddress: '10.4.0.2' }), { name: 'Arjun Mehta' });
    const del = await closing.request({ method: 'DELETE', url: API.users.me, payload: { password } });
    expect(del.statusCode).toBe(200);

    const jobs = scheduler(
      jobsNamed(t.containerWith({ now: () => clock }), 'erase-closed-accounts', 'clean-up-sessions'),
    );
    const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

    advance(90 * DAY - HOUR);
    expect(await jobs.runAll()).toEqual({ 'erase-closed-accounts': 'ran', 'clean-up-sessions': 'ran' });
    expect(await rowOf(user._id)).toMatchObject({ name: 'Neha Gupta', phone: '9876543210', erasedAt: null });

    advance(2 * HOUR);
    await jobs.runAll();
    const erased = await rowOf(user._id);
    expect(erased).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${user._id}@erased.invalid`,
      phone: null,
      passwordHash: null,
      isMobVerified: false,
    });
    expect(erased?.erasedAt?.toISOString()).toBe(clock.toISOString());
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, user._id))).toEqual([]);
    expect(await t.database.db.select().from(likes).where(eq(likes.userId, user._id))).toEqual([]);
    expect(await rowOf(staying.user._id)).toMatchObject({ name: 'Arjun Mehta', erasedAt: null });

    // A second run touches nothing: the first erasure time stays.
    const firstErasure = erased?.erasedAt?.toISOString();
    advance(DAY);
    await jobs.runAll();
    expect((await rowOf(user._id))?.erasedAt?.toISOString()).toBe(firstErasure);
  });

  it('deletes expired sessions', async () => {
    const client = createClient(t.app, { remoteAddress: '10.4.0.3' });
    const { user } = await signUp(client);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id))).toHaveLength(1);
    advance(8 * DAY);
    await scheduler(
      jobsNamed(t.containerWith({ now: () => clock }), 'erase-closed-accounts', 'clean-up-sessions'),
    ).runAll();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id))).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('logs a failing job and goes on with the others', async () => {
    const ran: string[] = [];
    const errors: string[] = [];
    const jobs = createScheduler({
      db: t.database.db,
      kind: t.database.kind,
      log: { info: () => {}, error: (_details, message) => errors.push(message) },
      jobs: [
        { name: 'broken', everyMs: HOUR, run: async () => Promise.reject(new Error('boom')) },
        { name: 'fine', everyMs: HOUR, run: async () => ran.push('fine') },
      ],
    });
    expect(await jobs.runAll()).toEqual({ broken: 'failed', fine: 'ran' });
    expect(ran).toEqual(['fine']);
    expect(errors).toEqual(['job broken failed']);
  });

  it('logs runs that changed nothing at debug, and runs that did something at info', async () => {
    const lines: string[] = [];
    const jobs = createScheduler({
      db: t.database.db,
      kind: t.database.kind,
      log: {
        debug: (_details, message) => lines.push(`debug ${message}`),
        info: (_details, message) => lines.push(`info ${message}`),
        error: () => {},
      },
      jobs: [
        { name: 'idle', everyMs: HOUR, run: async () => ({ sent: 0, expired: 0 }) },
        { name: 'busy', everyMs: HOUR, run: async () => ({ sent: 2, expired: 0 }) },
      ],
    });
    await jobs.runAll();
    expect(lines).toEqual(['debug job idle done', 'info job busy done']);
  });

  it('runs each job at start, and stop waits for a run in progress', async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => {};
    let finished = false;
    const jobs = scheduler([
      {
        name: 'slow',
        everyMs: HOUR,
        run: () =>
          new Promise<void>((resolve) => {
            started();
            finish = () => {
              finished = true;
              resolve();
            };
          }),
      },
    ]);
    jobs.start();
    await running;
    const stopped = jobs.stop();
    let stopResolved = false;
    void stopped.then(() => {
      stopResolved = true;
    });
    await Promise.resolve();
    expect(stopResolved).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(true);
  });

  it('on PostgreSQL, skips a job another instance holds the lock of', async (context) => {
    skipWithoutPostgres(context);
    let ran = false;
    const jobs = scheduler([{ name: 'exclusive', everyMs: HOUR, run: async () => (ran = true) }]);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'pehnava job exclusive'}, 0))`);
      expect(await jobs.runAll()).toEqual({ exclusive: 'skipped' });
    });
    expect(ran).toBe(false);
    expect(await jobs.runAll()).toEqual({ exclusive: 'ran' });
    expect(ran).toBe(true);
  });
});
