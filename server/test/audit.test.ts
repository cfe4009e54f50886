import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { createProduct } from '../db/factories/product.factory';
import { deliver, line, placeCod, signedInShopper } from './order-kit';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let manager: StaffMember;
let support: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  manager = await signedInStaff(t, 'manager');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

/** A published text review by a shopper who received the product; answers its id. */
async function publishedReview(): Promise<string> {
  const productId = await createProduct(t.database.db, { price: 499 });
  const shopper = await signedInShopper(t);
  await deliver(t, await placeCod(shopper, [line(productId)]), new Date());
  const form = new FormData();
  for (const [key, value] of Object.entries({
    rating: '4',
    title: 'Good fit',
    comment: 'Soft and true to size.',
  })) {
    form.append(key, value);
  }
  const encoded = new Response(form);
  const res = await shopper.client.request({
    method: 'POST',
    url: API.reviews.product(productId),
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().review._id;
}

const auditOf = (query: string) =>
  manager.client.request({ method: 'GET', url: `${API.admin.audit}${query}` });

describe('the audit log', () => {
  it('records a staff write with who, what and the record before and after', async () => {
    const reviewId = await publishedReview();
    const res = await support.client.request({
      method: 'POST',
      url: API.admin.rejectReview(reviewId),
      payload: { note: 'Please keep it about the product.' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const log = await auditOf(`?entity=review&entityId=${reviewId}`);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(log.json().entries[0]).toMatchObject({
      actor: { _id: support.user._id, email: support.email, role: 'support' },
      action: 'review.reject',
      entity: 'review',
      entityId: reviewId,
      before: { status: 'approved', moderationNote: '' },
      after: { status: 'rejected', moderationNote: 'Please keep it about the product.' },
    });
  });

  it('records nothing for a write that failed', async () => {
    const missing = randomUUID();
    const res = await manager.client.request({ method: 'POST', url: API.admin.approveReview(missing) });
    expect(res.statusCode).toBe(404);
    expect((await auditOf(`?entityId=${missing}`)).json().total).toBe(0);
  });

  it('filters by actor and time, newest first', async () => {
    const reviewId = await publishedReview();
    const before = new Date();
    await manager.client.request({ method: 'POST', url: API.admin.rejectReview(reviewId) });
    await manager.client.request({ method: 'POST', url: API.admin.approveReview(reviewId) });
    const mine = (await auditOf(`?actor=${manager.user._id}&from=${before.toISOString()}`)).json();
    expect(mine.entries.map((e: { action: string }) => e.action)).toEqual([
      'review.approve',
      'review.reject',
    ]);
    expect((await auditOf(`?actor=${manager.user._id}&to=${before.toISOString()}`)).json().total).toBe(0);
    expect((await auditOf('?from=yesterday')).statusCode).toBe(422);
  });

  it('is for the owner and managers only', async () => {
    const res = await support.client.request({ method: 'GET', url: API.admin.audit });
    expect(res.statusCode).toBe(403);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const db = t.database.db;
    // Drizzle wraps the database's error; its cause is PostgreSQL's own message.
    const outcome = (query: SQL) =>
      db.execute(query).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await outcome(sql`update audit_log set action = 'nothing'`)).toBe('audit_log is append-only');
    expect(await outcome(sql`delete from audit_log`)).toBe('audit_log is append-only');
    expect(await outcome(sql`truncate audit_log`)).toBe('audit_log is append-only');
    expect((await auditOf('')).json().total).toBeGreaterThan(0);
  });
});
