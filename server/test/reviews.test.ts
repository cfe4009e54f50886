import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { HOUR } from '../../common/constants';
import {
  type HappyCustomers,
  type MyReview,
  type ProductReviews,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewEligibility,
} from '../../common/schemas/reviews';
import { TEXT_MESSAGES } from '../../common/schemas/text';
import { moveOrder } from '../db/factories/order.factory';
import { createProduct } from '../db/factories/product.factory';
import { PRODUCT_NOT_FOUND } from '../modules/catalog/catalog.service';
import { reviews as reviewsTable } from '../modules/reviews/reviews.schema';
import { SESSION_COOKIE } from '../plugins/auth';
import { uploadsDir } from '../providers/storage/local';
import { type Shopper, signedInShopper } from './order-kit';
import { createClient, createTestApp, type TestApp, type TestClient } from './test-app';

const ADMIN_EMAIL = 'moderator@pehnava.in';
const ADMIN_PASSWORD = 'Bandhani#Red2026';

let t: TestApp;
/** The app's clock; the rate-limit tests move it instead of sleeping. */
let clock = new Date('2026-11-22T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD }, { now: () => clock });
});
afterAll(() => t.close());

/** A new signed-in shopper with an address (server/test/order-kit.ts), named as the test needs. */
const shopper = (name = 'Asha Verma') => signedInShopper(t, { name });

/** Places a cash-on-delivery order of one White/M unit through the API; returns the order id. */
async function order(s: Shopper, productId: string): Promise<string> {
  const res = await s.client.request({
    method: 'POST',
    url: API.order.place,
    payload: {
      addressId: s.address._id,
      cartItems: [
        { productId, quantity: 1, price: 999, selectedColor: 'White', selectedSize: 'M', isRefundable: true },
      ],
      orderNotes: '',
      paymentMode: 'COD',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().order._id;
}

/** The courier delivers the order (what the shipping webhook will do), recorded in its history. */
async function deliver(orderId: string, status: 'Delivered' | 'Returned' = 'Delivered') {
  await moveOrder(t.database.db, orderId, {
    deliveryStatus: status,
    paymentStatus: 'Paid',
    note: 'Delivered.',
    at: clock,
  });
}

/** A shopper who has received the product. */
async function buyer(productId: string, name?: string): Promise<Shopper> {
  const s = await shopper(name);
  await deliver(await order(s, productId));
  return s;
}

const product = () => createProduct(t.database.db, { price: 999, mrp: 1499 });

interface Photo {
  data: Buffer;
  name?: string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, photo?: Photo) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (photo) {
    form.append(
      'image',
      new Blob([new Uint8Array(photo.data)], { type: photo.type ?? 'image/jpeg' }),
      photo.name ?? 'photo.jpg',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}

const goodReview = {
  rating: '5',
  title: 'Lovely kurta',
  comment: 'Soft cotton, true to size and well stitched.',
};

async function write(
  s: TestClient,
  productId: string,
  fields: Record<string, string> = goodReview,
  photo?: Photo,
) {
  return s.request({
    method: 'POST',
    url: API.reviews.product(productId),
    ...(await multipart(fields, photo)),
  });
}

async function edit(s: TestClient, reviewId: string, fields: Record<string, string>, photo?: Photo) {
  return s.request({ method: 'PUT', url: API.reviews.one(reviewId), ...(await multipart(fields, photo)) });
}

const listOf = async (productId: string, query = ''): Promise<ProductReviews> => {
  const res = await t.app.inject({ method: 'GET', url: `${API.reviews.product(productId)}${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const ratingOf = async (productId: string) => {
  const { rating, numReviews } = (
    await t.app.inject({ method: 'GET', url: API.catalog.product(productId) })
  ).json();
  return { rating, numReviews };
};

/** A JPEG made by a "camera" that wrote its make, the owner and where it was taken. */
function cameraJpeg(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PehnavaCam', Copyright: 'Asha Verma' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '26/1 54/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '75/1 47/1 0/1',
      },
    })
    .toBuffer();
}

let admin: TestClient;
beforeAll(async () => {
  const { ensureConfiguredAdmin } = await import('../modules/users/ensure-admin');
  await ensureConfiguredAdmin(t.database.db, t.config);
  admin = createClient(t.app, { remoteAddress: '10.54.0.1' });
  const res = await admin.request({
    method: 'POST',
    url: API.users.login,
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  await admin.fetchCsrf();
});

const approve = (reviewId: string) =>
  admin.request({ method: 'POST', url: API.admin.approveReview(reviewId) });

describe('GET /api/products/{id}/reviews', () => {
  it('answers an empty summary for a product without reviews', async () => {
    const productId = await product();
    expect(await listOf(productId)).toEqual({
      summary: {
        average: 0,
        count: 0,
        stars: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
      },
      reviews: [],
      sort: 'newest',
      page: 1,
      pages: 0,
      total: 0,
    });
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await t.app.inject({ method: 'GET', url: API.reviews.product(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PRODUCT_NOT_FOUND);
    }
  });
});

describe('POST /api/products/{id}/reviews: who may review', () => {
  it('answers 401 to a guest and 403 without the CSRF token', async () => {
    const productId = await product();
    const guest = createClient(t.app);
    expect((await write(guest, productId)).statusCode).toBe(401);
    const s = await buyer(productId);
    const res = await t.app.inject({
      method: 'POST',
      url: API.reviews.product(productId),
      headers: {
        ...(await multipart(goodReview)).headers,
        cookie: [...s.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: (await multipart(goodReview)).payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
  });

  it('answers 403 to a shopper who never received the product, also while an order is on its way', async () => {
    const productId = await product();
    const stranger = await shopper();
    const waiting = await shopper();
    await order(waiting, productId);
    for (const s of [stranger, waiting]) {
      const res = await write(s.client, productId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REVIEW_MESSAGES.notBuyer);
      const mine = await s.client.request({ method: 'GET', url: API.reviews.mine(productId) });
      expect(mine.json()).toEqual({ status: 'notBuyer', review: null });
    }
    expect(
      await t.database.db.select().from(reviewsTable).where(eq(reviewsTable.productId, productId)),
    ).toEqual([]);
  });

  it('lets a verified buyer review at once: published, counted in the rating, shown with a short name', async () => {
    const productId = await product();
    const s = await buyer(productId, 'Asha Rani Verma');
    expect((await s.client.request({ method: 'GET', url: API.reviews.mine(productId) })).json()).toEqual({
      status: 'canReview',
      review: null,
    });

    const res = await write(s.client, productId);
    expect(res.statusCode).toBe(201);
    const { review } = res.json() as { review: MyReview };
    expect(review).toEqual({
      _id: expect.any(String),
      productId,
      author: 'Asha V.',
      rating: 5,
      title: goodReview.title,
      comment: goodReview.comment,
      image: null,
      helpful: 0,
      votedHelpful: false,
      createdAt: clock.toISOString(),
      editedAt: null,
      status: 'approved',
      moderationNote: '',
    });
    const list = await listOf(productId);
    expect(list.summary).toMatchObject({ average: 5, count: 1 });
    expect(list.reviews.map((r) => r._id)).toEqual([review._id]);
    expect(await ratingOf(productId)).toEqual({ rating: 5, numReviews: 1 });
    const mine = (await s.client.request({ method: 'GET', url: API.reviews.mine(productId) })).json();
    expect(mine).toMatchObject({ status: 'reviewed', review: { _id: review._id, status: 'approved' } });
  });

  it('counts a returned order as received', async () => {
    const productId = await product();
    const s = await shopper();
    await deliver(await order(s, productId), 'Returned');
    expect((await write(s.client, productId, { ...goodReview, rating: '2' })).statusCode).toBe(201);
  });

  it('answers 409 to a second review of the same product', async () => {
    const productId = await product();
    const s = await buyer(productId);
    expect((await write(s.client, productId)).statusCode).toBe(201);
    const again = await write(s.client, productId, { ...goodReview, title: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED', message: REVIEW_MESSAGES.duplicate });
    expect((await listOf(productId)).total).toBe(1);
  });
});

describe('POST /api/products/{id}/reviews: what is accepted', () => {
  let productId: string;
  let s: Shopper;
  beforeAll(async () => {
    productId = await product();
    s = await buyer(productId);
  });

  it.each(['0', '6', '4.5', '-1', 'five', ''])('refuses a rating of %j with 422', async (rating) => {
    const res = await write(s.client, productId, { ...goodReview, rating });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'rating', msg: REVIEW_MESSAGES.rating }]);
  });

  it('refuses titles and comments outside their lengths, counted after trimming', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...goodReview, title: '  ab  ' }, 'title', REVIEW_MESSAGES.titleLength],
      [
        { ...goodReview, title: 'x'.repeat(REVIEW_LIMITS.titleMax + 1) },
        'title',
        REVIEW_MESSAGES.titleLength,
      ],
      [{ ...goodReview, comment: 'Too short' }, 'comment', REVIEW_MESSAGES.commentLength],
      [
        { ...goodReview, comment: 'x'.repeat(REVIEW_LIMITS.commentMax + 1) },
        'comment',
        REVIEW_MESSAGES.commentLength,
      ],
      [{ rating: '4', comment: goodReview.comment }, 'title', REVIEW_MESSAGES.titleLength],
    ];
    for (const [fields, field, message] of cases) {
      const res = await write(s.client, productId, fields);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors).toEqual([{ path: field, msg: message }]);
    }
    expect((await listOf(productId)).total).toBe(0);
  });

  it('requires the consent box when a photo comes with the review', async () => {
    const res = await write(s.client, productId, goodReview, { data: await cameraJpeg() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'consent', msg: REVIEW_MESSAGES.consentRequired }]);
    const unticked = await write(
      s.client,
      productId,
      { ...goodReview, consent: 'false' },
      { data: await cameraJpeg() },
    );
    expect(unticked.statusCode).toBe(422);
  });

  it('refuses HTML and SVG named .jpg with 415, whatever type the browser claims, and stores nothing', async () => {
    const fakes: Photo[] = [
      {
        data: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        name: 'cute.jpg',
      },
      {
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
        ),
        name: 'photo.jpg',
        type: 'image/jpeg',
      },
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'photo.svg',
        type: 'image/svg+xml',
      },
      { data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), name: 'scan.jpg' },
    ];
    for (const fake of fakes) {
      const res = await write(s.client, productId, { ...goodReview, consent: 'true' }, fake);
      expect(res.statusCode, fake.name).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_IMAGE',
        message: REVIEW_MESSAGES.unsupportedImage,
      });
    }
    // A real JPEG header on broken data is not a picture either.
    const jpeg = await cameraJpeg();
    const broken = await write(
      s.client,
      productId,
      { ...goodReview, consent: 'true' },
      { data: jpeg.subarray(0, 400) },
    );
    expect(broken.statusCode).toBe(415);
    expect(broken.json().message).toBe(REVIEW_MESSAGES.unreadableImage);
    expect((await listOf(productId)).total).toBe(0);
    const stored = path.join(uploadsDir(t.config.dataDir), 'reviews');
    expect(existsSync(stored) ? readdirSync(stored) : []).toEqual([]);
  });

  it('refuses a body over the limit with 413, from the Content-Length alone', async () => {
    const tooBig = Buffer.alloc(REVIEW_LIMITS.imageMaxBytes + 100 * 1024, 1);
    const res = await write(s.client, productId, { ...goodReview, consent: 'true' }, { data: tooBig });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: REVIEW_MESSAGES.imageTooLarge });
  });

  it('refuses a photo one byte over the limit with 413, even inside a body under it', async () => {
    const jpeg = await cameraJpeg();
    const oneOver = Buffer.concat([jpeg, Buffer.alloc(REVIEW_LIMITS.imageMaxBytes + 1 - jpeg.length)]);
    const res = await write(s.client, productId, { ...goodReview, consent: 'true' }, { data: oneOver });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('IMAGE_TOO_LARGE');
  });

  it('answers 413 over a real connection before the client has sent the body', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const cookie = [...s.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = await s.client.fetchCsrf();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          [
            `POST ${API.reviews.product(productId)} HTTP/1.1`,
            'Host: 127.0.0.1',
            'Content-Type: multipart/form-data; boundary=x',
            `Content-Length: ${50 * 1024 * 1024}`,
            `Cookie: ${cookie}`,
            `X-CSRF-Token: ${csrf}`,
            '',
            '--x\r\n',
          ].join('\r\n'),
        );
        // Only the headers and a few bytes went out; 50 MB never will.
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('refuses a second file field', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...goodReview, consent: 'true' })) form.append(k, v);
    const jpeg = await cameraJpeg(40, 30);
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg');
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'b.jpg');
    const encoded = new Response(form);
    const res = await s.client.request({
      method: 'POST',
      url: API.reviews.product(productId),
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') as string },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'image', msg: REVIEW_MESSAGES.oneImage }]);
  });

  it('refuses a JSON body with 415', async () => {
    const res = await s.client.request({
      method: 'POST',
      url: API.reviews.product(productId),
      payload: goodReview,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(REVIEW_MESSAGES.notMultipart);
  });

  it('stores text as text: markup comes back exactly as written, never as HTML', async () => {
    const xss = {
      rating: '4',
      title: '<script>alert("x")</script>',
      comment: 'Nice <img src=x onerror="alert(document.cookie)"> & "quoted"\r\n\ttext',
    };
    const res = await write(s.client, productId, xss);
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: API.reviews.product(productId) });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    const [review] = list.json().reviews;
    expect(review.title).toBe('<script>alert("x")</script>');
    // Line breaks are kept, as LF; everything else as typed.
    expect(review.comment).toBe('Nice <img src=x onerror="alert(document.cookie)"> & "quoted"\n\ttext');
    expect(list.body).not.toContain('&lt;');
  });

  it('refuses control characters with 422 naming the field', async () => {
    const other = await buyer(productId);
    for (const [field, value, msg] of [
      ['comment', 'Soft cotton \u0000and well stitched.', TEXT_MESSAGES.multiLine],
      ['title', 'Lovely\u001b[31m kurta', TEXT_MESSAGES.singleLine],
    ] as const) {
      const res = await write(other.client, productId, { ...goodReview, [field]: value });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors).toEqual([{ path: field, msg }]);
    }
  });
});

describe('review photos', () => {
  let productId: string;
  let s: Shopper;
  let review: MyReview;
  beforeAll(async () => {
    productId = await product();
    s = await buyer(productId, 'Meera Iyer');
    const res = await write(
      s.client,
      productId,
      { ...goodReview, consent: 'true' },
      { data: await cameraJpeg(2400, 1800), name: 'IMG_2041.JPG' },
    );
    expect(res.statusCode).toBe(201);
    review = res.json().review;
  });

  it('waits for staff: pending, not shown, not counted', async () => {
    expect(review.status).toBe('pending');
    expect(review.image).toEqual({
      sm: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f-]{36}-sm\.webp$/),
      md: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f-]{36}-md\.webp$/),
      lg: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f-]{36}-lg\.webp$/),
      width: 1600,
      height: 1200,
    });
    expect((await listOf(productId)).total).toBe(0);
    expect(await ratingOf(productId)).toEqual({ rating: 0, numReviews: 0 });
    const happy = (
      await t.app.inject({ method: 'GET', url: API.reviews.happyCustomers })
    ).json() as HappyCustomers;
    expect(happy.reviews.map((r) => r._id)).not.toContain(review._id);
  });

  it('stores WebP renditions with the EXIF and GPS data removed, served with their type and nosniff', async () => {
    const input = await cameraJpeg();
    const inputExif = (await sharp(input).metadata()).exif as Buffer;
    // The upload really carried them: the maker's text and the GPS directory tag (0x8825).
    expect(input.includes('PehnavaCam')).toBe(true);
    expect(inputExif.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const edges = { sm: 320, md: 720, lg: 1600 } as const;
    for (const size of ['sm', 'md', 'lg'] as const) {
      // Its author sees it while it waits; no cache keeps it.
      const res = await s.client.request({ method: 'GET', url: review.image?.[size] as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const metadata = await sharp(res.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: edges[size], height: (edges[size] * 3) / 4 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(res.rawPayload.includes('PehnavaCam')).toBe(false);
      expect(res.rawPayload.includes('Asha Verma')).toBe(false);
      expect(res.rawPayload.includes('Exif')).toBe(false);
    }
  });

  it('answers 404 for photo names the server did not make', async () => {
    for (const url of [
      '/uploads/reviews/nothing-here-lg.webp',
      '/uploads/reviews/..%2f..%2fsession-secret',
      '/uploads/reviews/x.svg',
      '/uploads/reviews/demo-unknown-product-9-lg.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('shows a photo waiting for staff only to its author and to staff: 404 to anyone else', async () => {
    const url = review.image?.md as string;
    const stranger = await shopper('Kiran Rao');
    for (const client of [createClient(t.app), stranger.client]) {
      const res = await client.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No such image.', code: 'NOT_FOUND' });
    }
    for (const client of [s.client, admin]) {
      const res = await client.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // A cookie that names no session is a guest's.
    const forged = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('is published when staff approve it: listed, counted, and on the Happy Customers wall', async () => {
    const res = await approve(review._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ _id: review._id, status: 'approved' });
    expect((await listOf(productId)).reviews.map((r) => r._id)).toEqual([review._id]);
    expect(await ratingOf(productId)).toEqual({ rating: 5, numReviews: 1 });
    const happy = (
      await t.app.inject({ method: 'GET', url: API.reviews.happyCustomers })
    ).json() as HappyCustomers;
    expect(happy.reviews[0]).toMatchObject({
      _id: review._id,
      author: 'Meera I.',
      rating: 5,
      image: review.image,
      product: { _id: productId, name: expect.any(String), image: expect.any(String) },
    });
    // Published, the photo is anyone's to see, and cached for a year.
    const photo = await t.app.inject({ method: 'GET', url: review.image?.md as string });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps an approved photo approved when only the text changes, and waits again for a new photo', async () => {
    const textOnly = await edit(s.client, review._id, { ...goodReview, rating: '4', title: 'Still lovely' });
    expect(textOnly.statusCode).toBe(200);
    expect(textOnly.json().review).toMatchObject({ status: 'approved', rating: 4, image: review.image });
    expect(await ratingOf(productId)).toEqual({ rating: 4, numReviews: 1 });

    const newPhoto = await edit(
      s.client,
      review._id,
      { ...goodReview, consent: 'on' },
      { data: await cameraJpeg(800, 800) },
    );
    expect(newPhoto.statusCode).toBe(200);
    const edited = newPhoto.json().review as MyReview;
    expect(edited).toMatchObject({
      status: 'pending',
      image: { width: 800, height: 800 },
      editedAt: clock.toISOString(),
    });
    // The old files are gone; the new photo waits, so the product counts no review.
    expect((await t.app.inject({ method: 'GET', url: review.image?.lg as string })).statusCode).toBe(404);
    expect(await ratingOf(productId)).toEqual({ rating: 0, numReviews: 0 });

    const removed = await edit(s.client, review._id, { ...goodReview, removeImage: 'true' });
    expect(removed.json().review).toMatchObject({ status: 'approved', image: null });
    expect((await t.app.inject({ method: 'GET', url: edited.image?.lg as string })).statusCode).toBe(404);
    expect(await ratingOf(productId)).toEqual({ rating: 5, numReviews: 1 });
  });
});

describe('editing and deleting', () => {
  it("answers 404 to someone else's edit or delete, and changes nothing", async () => {
    const productId = await product();
    const author = await buyer(productId);
    const { review } = (await write(author.client, productId)).json();
    const other = await buyer(productId);
    for (const res of [
      await edit(other.client, review._id, { ...goodReview, rating: '1' }),
      await other.client.request({ method: 'DELETE', url: API.reviews.one(review._id) }),
      await edit(other.client, 'not-a-review', goodReview),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REVIEW_MESSAGES.notFound);
    }
    expect((await listOf(productId)).reviews.map((r) => [r._id, r.rating])).toEqual([[review._id, 5]]);
  });

  it('keeps the product rating in step with edits and deletes', async () => {
    const productId = await product();
    const a = await buyer(productId);
    const b = await buyer(productId);
    const first = (await write(a.client, productId, { ...goodReview, rating: '5' })).json().review;
    await write(b.client, productId, { ...goodReview, rating: '2' });
    expect(await ratingOf(productId)).toEqual({ rating: 3.5, numReviews: 2 });
    expect((await listOf(productId)).summary.stars).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 0 },
      { stars: 3, count: 0 },
      { stars: 2, count: 1 },
      { stars: 1, count: 0 },
    ]);

    expect((await edit(a.client, first._id, { ...goodReview, rating: '3' })).statusCode).toBe(200);
    expect(await ratingOf(productId)).toEqual({ rating: 2.5, numReviews: 2 });

    const deleted = await a.client.request({ method: 'DELETE', url: API.reviews.one(first._id) });
    expect(deleted.statusCode).toBe(204);
    expect(await ratingOf(productId)).toEqual({ rating: 2, numReviews: 1 });
    // A deleted review may be written again.
    expect((await write(a.client, productId, { ...goodReview, rating: '4' })).statusCode).toBe(201);
    expect(await ratingOf(productId)).toEqual({ rating: 3, numReviews: 2 });
  });

  it('rounds the stored rating to one decimal', async () => {
    const productId = await product();
    for (const rating of ['5', '4', '4']) {
      const s = await buyer(productId);
      await write(s.client, productId, { ...goodReview, rating });
    }
    expect(await ratingOf(productId)).toEqual({ rating: 4.3, numReviews: 3 });
    expect((await listOf(productId)).summary.average).toBe(4.3);
  });
});

describe('helpful votes', () => {
  it('counts one vote per shopper, never the author, and sorts by it', async () => {
    const productId = await product();
    const a = await buyer(productId);
    const b = await buyer(productId);
    const older = (await write(a.client, productId)).json().review as MyReview;
    clock = new Date(clock.getTime() + 60_000);
    const newer = (await write(b.client, productId)).json().review as MyReview;
    const voter = await shopper();

    const vote = (s: TestClient, id: string, method: 'POST' | 'DELETE' = 'POST') =>
      s.request({ method, url: API.reviews.helpful(id) });
    expect((await vote(voter.client, older._id)).json()).toEqual({
      reviewId: older._id,
      helpful: 1,
      votedHelpful: true,
    });
    expect((await vote(voter.client, older._id)).json()).toEqual({
      reviewId: older._id,
      helpful: 1,
      votedHelpful: true,
    });
    const own = await vote(a.client, older._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(REVIEW_MESSAGES.ownReview);
    expect((await vote(createClient(t.app), older._id)).statusCode).toBe(401);

    expect((await listOf(productId)).reviews.map((r) => r._id)).toEqual([newer._id, older._id]);
    expect((await listOf(productId, '?sort=helpful')).reviews.map((r) => r._id)).toEqual([
      older._id,
      newer._id,
    ]);
    const seen = (await voter.client.request({ method: 'GET', url: API.reviews.product(productId) })).json();
    expect(seen.reviews.map((r: { votedHelpful: boolean }) => r.votedHelpful)).toEqual([false, true]);

    expect((await vote(voter.client, older._id, 'DELETE')).json()).toEqual({
      reviewId: older._id,
      helpful: 0,
      votedHelpful: false,
    });
    expect((await vote(voter.client, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the per-shopper limit', () => {
  it(`allows ${REVIEW_LIMITS.writesPerWindow} review changes an hour, then answers 429 until the hour is over`, async () => {
    const productId = await product();
    const s = await buyer(productId);
    const { review } = (await write(s.client, productId)).json();
    for (let i = 1; i < REVIEW_LIMITS.writesPerWindow; i += 1) {
      expect(
        (await edit(s.client, review._id, { ...goodReview, title: `Edit number ${i}` })).statusCode,
      ).toBe(200);
    }
    const refused = await edit(s.client, review._id, { ...goodReview, title: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(`${REVIEW_MESSAGES.tooManyWrites} Try again in 60 minutes.`);
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    // Another shopper is not held back.
    const other = await buyer(productId);
    expect((await write(other.client, productId)).statusCode).toBe(201);

    clock = new Date(clock.getTime() + HOUR);
    expect((await edit(s.client, review._id, { ...goodReview, title: 'An hour later' })).statusCode).toBe(
      200,
    );
  });
});

describe('staff moderation under /api/admin', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    expect((await createClient(t.app).request({ method: 'GET', url: API.admin.reviews })).statusCode).toBe(
      401,
    );
    const customer = await shopper();
    expect((await customer.client.request({ method: 'GET', url: API.admin.reviews })).statusCode).toBe(403);
    const approveAsCustomer = await customer.client.request({
      method: 'POST',
      url: API.admin.approveReview('00000000-0000-4000-8000-000000000000'),
    });
    expect(approveAsCustomer.statusCode).toBe(403);
  });

  it('lists the waiting photo reviews oldest first, and a rejection reaches the author with its note', async () => {
    const productId = await product();
    const s = await buyer(productId, 'Kabir Khan');
    const { review } = (
      await write(s.client, productId, { ...goodReview, consent: 'true' }, { data: await cameraJpeg(64, 64) })
    ).json();
    const pending = (await admin.request({ method: 'GET', url: API.admin.reviews })).json();
    expect(pending.reviews.map((r: MyReview) => r.status)).not.toContain('approved');
    expect(pending.reviews.at(-1)).toMatchObject({ _id: review._id, status: 'pending', author: 'Kabir K.' });

    const rejected = await admin.request({
      method: 'POST',
      url: API.admin.rejectReview(review._id),
      payload: { note: 'The photo shows another product.' },
    });
    expect(rejected.statusCode).toBe(200);
    const mine = (
      await s.client.request({ method: 'GET', url: API.reviews.mine(productId) })
    ).json() as ReviewEligibility;
    expect(mine).toMatchObject({
      status: 'reviewed',
      review: { status: 'rejected', moderationNote: 'The photo shows another product.' },
    });
    expect((await listOf(productId)).total).toBe(0);
    const notFound = await admin.request({
      method: 'POST',
      url: API.admin.approveReview('00000000-0000-4000-8000-000000000000'),
    });
    expect(notFound.statusCode).toBe(404);
  });

  it('can take a published review down, and the rating follows', async () => {
    const productId = await product();
    const s = await buyer(productId);
    const { review } = (await write(s.client, productId, { ...goodReview, rating: '1' })).json();
    expect(await ratingOf(productId)).toEqual({ rating: 1, numReviews: 1 });
    expect(
      (await admin.request({ method: 'POST', url: API.admin.rejectReview(review._id) })).statusCode,
    ).toBe(200);
    expect(await ratingOf(productId)).toEqual({ rating: 0, numReviews: 0 });
  });
});

describe('GET /api/reviews/happy-customers', () => {
  it('shows approved photo reviews of 4 or 5 stars only, newest first, a page at a time', async () => {
    const productId = await product();
    const written: { id: string; rating: string }[] = [];
    for (const rating of ['5', '3', '4']) {
      const s = await buyer(productId);
      clock = new Date(clock.getTime() + 60_000);
      const res = await write(
        s.client,
        productId,
        { ...goodReview, rating, consent: 'true' },
        { data: await cameraJpeg(64, 48) },
      );
      written.push({ id: res.json().review._id, rating });
      expect((await approve(res.json().review._id)).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: API.reviews.happyCustomers });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const happy = res.json() as HappyCustomers;
    const ids = happy.reviews.map((r) => r._id);
    expect(ids.slice(0, 2)).toEqual([written[2]?.id, written[0]?.id]);
    expect(ids).not.toContain(written[1]?.id);
    expect(happy.reviews.every((r) => r.rating >= 4 && r.image.sm.startsWith('/uploads/reviews/'))).toBe(
      true,
    );
    expect(happy).toMatchObject({
      page: 1,
      pages: Math.ceil(happy.total / REVIEW_LIMITS.happyCustomersPageSize),
    });
    const beyond = (
      await t.app.inject({ method: 'GET', url: `${API.reviews.happyCustomers}?page=99` })
    ).json();
    expect(beyond).toMatchObject({ reviews: [], page: 99 });
  });
});
