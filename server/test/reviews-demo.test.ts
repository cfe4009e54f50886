import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { type HappyCustomers, type ProductReviews, REVIEW_LIMITS } from '../../common/schemas/reviews';
import { buildDemoCatalog } from '../db/demo/demo-catalog';
import { planDemoReviews } from '../db/demo/reviews';
import { seedIfEmpty } from '../db/seed';
import { createClient, createTestApp, type TestApp } from './test-app';

/** The demo reviews that make ratings show at first start: seeded with the catalog, consistent, drawable. */
let t: TestApp;
let insertMs = 0;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'demo' });
  ({ insertMs } = await seedIfEmpty({ db: t.database.db, config: t.config, log: { info: () => {} } }));
});
afterAll(() => t?.close());

/** Rows of a query (both drivers answer `{ rows }`). */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo reviews', () => {
  it('are inserted with the catalog, quickly enough for the shop to listen at once', () => {
    // The whole catalog with its reviews, orders and votes; generous for a slow CI machine.
    expect(insertMs).toBeLessThan(15_000);
  });

  it('rate 120 products, and each product stores the rating its approved reviews give', async () => {
    const mismatched = await rows<{ name: string }>(sql`
      select p.name from products p
      left join (select product_id, count(*)::int as n, round(avg(rating)::numeric, 1)::real as average
                 from reviews where status = 'approved' group by product_id) r on r.product_id = p.id
      where p.num_reviews <> coalesce(r.n, 0) or p.rating <> coalesce(r.average, 0)`);
    expect(mismatched).toEqual([]);
    const [rated] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products where num_reviews > 0`,
    );
    expect(rated?.n).toBe(120);
  });

  it('come from verified buyers: each reviewer has a delivered order of the product, dated before the review', async () => {
    const unverified = await rows<{ id: string }>(sql`
      select r.id from reviews r where not exists (
        select 1 from orders o join order_items i on i.order_id = o.id
        where o.user_id = r.user_id and i.product_id = r.product_id and o.delivery_status = 'Delivered'
          and o.created_at < r.created_at)`);
    expect(unverified).toEqual([]);
  });

  it('are written by accounts nobody can sign in to', async () => {
    const [reviewer] = await rows<{ email: string; password_hash: string | null }>(
      sql`select email, password_hash from users where email like '%@reviewers.demo.invalid' limit 1`,
    );
    expect(reviewer?.password_hash).toBeNull();
    const res = await createClient(t.app).request({
      method: 'POST',
      url: API.users.login,
      payload: { email: reviewer?.email, password: 'Anything#2026' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('fill three pages of the Happy Customers wall', async () => {
    const page = (n: number) =>
      t.app
        .inject({ method: 'GET', url: `${API.reviews.happyCustomers}?page=${n}` })
        .then((r) => r.json() as HappyCustomers);
    const first = await page(1);
    expect(first.reviews).toHaveLength(REVIEW_LIMITS.happyCustomersPageSize);
    expect(first).toMatchObject({ total: 36, pages: 3 });
    expect(new Set(first.reviews.map((r) => r.product._id)).size).toBe(first.reviews.length);
    expect(first.reviews.every((r) => /^[A-Z][a-z]+ [A-Z]\.$/.test(r.author))).toBe(true);
  });

  it('show a product page summary and list that agree with the product', async () => {
    const [top] = await rows<{ id: string; rating: number; num_reviews: number }>(
      sql`select id, rating, num_reviews from products order by num_reviews desc limit 1`,
    );
    const list = (
      await t.app.inject({ method: 'GET', url: API.reviews.product(top?.id as string) })
    ).json() as ProductReviews;
    expect(list.summary).toMatchObject({ average: top?.rating, count: top?.num_reviews });
    expect(list.reviews.length).toBe(Math.min(REVIEW_LIMITS.pageSize, top?.num_reviews ?? 0));
  });

  it('have photos drawn on demand at their stored size, and the rest by drawMissing', async () => {
    const { reviews } = (
      await t.app.inject({ method: 'GET', url: API.reviews.happyCustomers })
    ).json() as HappyCustomers;
    const photo = reviews[0]?.image;
    const res = await t.app.inject({ method: 'GET', url: photo?.lg as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
      width: photo?.width,
      height: photo?.height,
    });

    const stats = await t.drawings.reviewPhotos.drawMissing();
    expect(stats).toMatchObject({ generated: 35, present: 1, failed: 0, aborted: false });
    expect(await t.drawings.reviewPhotos.drawMissing()).toMatchObject({ generated: 0, present: 36 });
  }, 120_000);

  it('come out the same on every run', () => {
    const catalog = buildDemoCatalog();
    const strip = (plan: ReturnType<typeof planDemoReviews>) =>
      plan.reviews.map(({ product, reviewer, rating, title, comment, photo }) => ({
        product,
        reviewer,
        rating,
        title,
        comment,
        photo,
      }));
    expect(strip(planDemoReviews(catalog))).toEqual(strip(planDemoReviews(buildDemoCatalog())));
  });
});

describe('GET /api/config in the demo shop', () => {
  it('says it is the demo, so the pages call its drawn photos illustrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.system.config });
    expect(res.json()).toMatchObject({ demo: true });
  });
});
