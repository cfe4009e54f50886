import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { HOUR, MINUTE } from '../../common/constants';
import type { DeliveryStatus, Order, PaymentStatus } from '../../common/schemas/order';
import { loadConfig } from '../config/config';
import { createProduct } from '../db/factories/product.factory';
import { orderMailJobs } from '../jobs/order-mail-jobs';
import { createScheduler } from '../jobs/scheduler';
import { orderHistory } from '../modules/order/order.schema';
import { createOrderService } from '../modules/order/order.service';
import { createOrderMailService, orderMailShopOf } from '../modules/order-mail/order-mail.service';
import type { MailMessage, MailProvider } from '../providers';
import { createOutboxMailProvider, mailOutboxDir, readMailOutbox } from '../providers/mail/outbox';
import { type Shopper, signedInShopper } from './order-kit';
import { createTestApp, type TestApp } from './test-app';

/**
 * A mail provider that keeps what it is given. It refuses everything while `failing` is set (an SMTP
 * outage), and the addresses in `refused` for good (a mailbox the server rejects).
 */
const sent: MailMessage[] = [];
let failing = false;
const refused = new Set<string>();
const fakeMail: MailProvider = {
  name: 'fake',
  async send(message) {
    if (failing) throw new Error('SMTP server unreachable');
    if (refused.has(message.to)) throw new Error('550 5.1.1 mailbox unavailable');
    sent.push(message);
  },
};

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL: 'https://shop.example.in' },
    { providers: { mail: fakeMail }, now: () => clock },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
  failing = false;
  refused.clear();
  logged.length = 0;
});

/** What the mail service logged, as pino would get it. */
const logged: { level: 'warn' | 'error'; details: Record<string, unknown>; message: string }[] = [];
const logOf = (level: 'warn' | 'error') => (details: object, message: string) => {
  logged.push({ level, details: details as Record<string, unknown>, message });
};
/** Runs the order-mail job once, as the scheduler in main.ts does, and answers what it reported. */
async function runMailJob(): Promise<unknown> {
  let result: unknown;
  const scheduler = createScheduler({
    db: t.database.db,
    kind: t.database.kind,
    log: { info: (details) => ({ result } = details as { result: unknown }), error: () => {} },
    jobs: orderMailJobs({
      orderMail: createOrderMailService({
        ...t.container.services,
        mail: t.container.providers.mail,
        shop: async () => orderMailShopOf(t.config),
        log: { warn: logOf('warn'), error: logOf('error') },
        now: () => clock,
      }),
    }),
  });
  expect(await scheduler.runAll()).toEqual({ 'send-order-mails': 'ran' });
  return result;
}

/** A new signed-in shopper with an address (server/test/order-kit.ts), named as the test needs. */
const shopper = (name = 'Asha Verma') => signedInShopper(t, { name });

async function placeCod(s: Shopper): Promise<Order> {
  const productId = await createProduct(t.database.db, { name: 'Cotton Kurta', price: 499, mrp: 799 });
  const res = await s.client.request({
    method: 'POST',
    url: API.order.place,
    payload: {
      addressId: s.address._id,
      cartItems: [{ productId, quantity: 2, price: 499, selectedColor: 'White', selectedSize: 'M' }],
      orderNotes: '',
      paymentMode: 'COD',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().order;
}

/** A status change as the courier, payments and returns make it: through the order service. */
async function changeStatus(orderId: string, deliveryStatus: DeliveryStatus, paymentStatus: PaymentStatus) {
  await t.database.db.transaction(async (tx) => {
    const orders = createOrderService(tx);
    const order = await orders.lockById(orderId);
    expect(order).toBeDefined();
    await orders.changeStatus(orderId, {
      deliveryStatus,
      paymentStatus,
      actor: 'system',
      actorUserId: null,
      note: `Now ${deliveryStatus}.`,
      at: clock,
    });
  });
}

const mails = () => sent.map(({ to, subject }) => ({ to, subject }));

/** The order's history entries still waiting for their mail. */
async function waiting(orderId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderHistory)
    .where(sql`${orderHistory.orderId} = ${orderId} and ${orderHistory.mailDueAt} is not null`);
  return row?.n ?? -1;
}

/** Failed sends of each of the order's history entries, in order. */
async function attempts(orderId: string): Promise<number[]> {
  const rows = await t.database.db
    .select({ attempts: orderHistory.mailAttempts })
    .from(orderHistory)
    .where(sql`${orderHistory.orderId} = ${orderId}`)
    .orderBy(orderHistory.seq);
  return rows.map((row) => row.attempts);
}

/** Runs `body` with the clock free to move (`advance`), and puts it back afterwards for the other tests. */
async function movingClock(body: (advance: (ms: number) => void) => Promise<void>): Promise<void> {
  const start = clock;
  try {
    await body((ms) => {
      clock = new Date(clock.getTime() + ms);
    });
  } finally {
    clock = start;
  }
}

const NOTHING_DUE = { sent: 0, none: 0, failed: 0, gaveUp: 0 };

describe('order mails from the history outbox', () => {
  it('a COD order gets exactly one confirmation; running again sends nothing', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    expect(mails()).toEqual([
      { to: s.account.email, subject: `Your Pehnava order ${order.orderNumber} is confirmed` },
    ]);
    const [mail] = sent;
    expect(mail?.text).toContain('- Cotton Kurta (White, M) × 2 at Rs 499: Rs 998');
    expect(mail?.text).toContain('Shipping: Rs 49\nTotal: Rs 1,047\n');
    expect(mail?.text).toContain('See your orders: https://shop.example.in/myorders');
    expect(mail?.html).toContain('<a href="https://shop.example.in/myorders"');
    expect(await waiting(order._id)).toBe(0);

    expect(await runMailJob()).toEqual(NOTHING_DUE);
    expect(sent).toHaveLength(1);
  });

  it('shows the picture of the colour bought beside each line', async () => {
    const s = await shopper();
    const productId = await createProduct(t.database.db, {
      name: 'Chanderi Kurta',
      price: 499,
      mrp: 799,
      images: ['/images/products/chanderi-kurta-rust.webp', '/images/products/chanderi-kurta-peach.webp'],
      imageColors: ['Rust', 'Peach'],
      variants: [
        { color: 'Rust', size: 'M', countInStock: 5 },
        { color: 'Peach', size: 'M', countInStock: 5 },
      ],
    });
    const res = await s.client.request({
      method: 'POST',
      url: API.order.place,
      payload: {
        addressId: s.address._id,
        cartItems: [{ productId, quantity: 1, price: 499, selectedColor: 'Peach', selectedSize: 'M' }],
        orderNotes: '',
        paymentMode: 'COD',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    const pictures = [...(sent[0]?.html ?? '').matchAll(/<img src="([^"]*)"/g)].map(([, src]) => src);
    expect(pictures).toEqual(['https://shop.example.in/images/products/chanderi-kurta-peach-sm.webp']);
  });

  it('cancelling sends one cancellation mail', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    await runMailJob();
    sent.length = 0;
    const res = await s.client.request({ method: 'POST', url: API.order.cancel(order._id) });
    expect(res.statusCode).toBe(200);
    expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    expect(mails()).toEqual([
      { to: s.account.email, subject: `Your Pehnava order ${order.orderNumber} has been cancelled` },
    ]);
    expect(sent[0]?.text).toContain('You had chosen cash on delivery, so nothing was charged.');
    await runMailJob();
    expect(sent).toHaveLength(1);
  });

  it('a failed mail is retried after 1, 2, 4 minutes, and a success ends it; the next mail counts afresh', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    await movingClock(async (advance) => {
      failing = true;
      for (const [attempt, delay] of [
        [1, 1],
        [2, 2],
        [3, 4],
      ] as const) {
        expect(await runMailJob()).toEqual({ sent: 0, none: 0, failed: 1, gaveUp: 0 });
        expect(logged.pop()).toEqual({
          level: 'warn',
          message: 'order mail: not sent, will retry',
          details: {
            err: new Error('SMTP server unreachable'),
            historyId: expect.any(String),
            orderId: order._id,
            orderNumber: order.orderNumber,
            kind: 'confirmed',
            attempts: attempt,
            retryAt: new Date(clock.getTime() + delay * MINUTE),
          },
        });
        // Not a moment before its time, also once the outage is over.
        advance(delay * MINUTE - 1000);
        failing = attempt < 3;
        expect(await runMailJob()).toEqual(NOTHING_DUE);
        advance(1000);
      }
      expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
      expect(mails()).toEqual([
        { to: s.account.email, subject: `Your Pehnava order ${order.orderNumber} is confirmed` },
      ]);
      expect(await waiting(order._id)).toBe(0);
      expect(await attempts(order._id)).toEqual([3]);
      advance(HOUR);
      expect(await runMailJob()).toEqual(NOTHING_DUE);

      // The shipping mail has its own count: one failure waits one minute, not eight.
      sent.length = 0;
      await changeStatus(order._id, 'Shipped', 'Pending');
      failing = true;
      expect(await runMailJob()).toEqual({ sent: 0, none: 0, failed: 1, gaveUp: 0 });
      failing = false;
      advance(MINUTE);
      expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
      expect(mails().map((m) => m.subject)).toEqual([`Your Pehnava order ${order.orderNumber} has shipped`]);
      expect(await attempts(order._id)).toEqual([3, 1]);
      expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    });
  });

  it('a refused address is retried at most hourly, given up after a day, and the order’s next mail then goes out', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    await changeStatus(order._id, 'Shipped', 'Pending');
    refused.add(s.account.email);
    const other = await shopper();
    await movingClock(async (advance) => {
      const start = clock.getTime();
      const delays = [1, 2, 4, 8, 16, 32, ...Array<number>(23).fill(60)];
      for (const delay of delays) {
        expect(await runMailJob()).toEqual({ sent: 0, none: 0, failed: 1, gaveUp: 0 });
        advance(delay * MINUTE - 1000);
        // Waiting: the confirmation not yet due, and the shipping mail held behind it.
        expect(await runMailJob()).toEqual(NOTHING_DUE);
        advance(1000);
      }
      // Other shoppers' mails are not held up by it.
      const theirs = await placeCod(other);
      expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 1 });
      expect(mails()).toEqual([
        { to: other.account.email, subject: `Your Pehnava order ${theirs.orderNumber} is confirmed` },
      ]);
      expect(clock.getTime() - start).toBe((24 * 60 + 3) * MINUTE);
      expect(logged.filter((entry) => entry.level === 'warn')).toHaveLength(29);
      expect(logged.filter((entry) => entry.level === 'error')).toEqual([
        {
          level: 'error',
          message: `order mail: gave up on the confirmed mail of order ${order.orderNumber} after 30 attempts`,
          details: {
            err: new Error('550 5.1.1 mailbox unavailable'),
            historyId: expect.any(String),
            orderId: order._id,
            orderNumber: order.orderNumber,
            kind: 'confirmed',
            attempts: 30,
          },
        },
      ]);
      expect(await attempts(order._id)).toEqual([30, 0]);
      expect(await waiting(order._id)).toBe(1);

      // The mailbox works again: the shipping mail goes out, the given-up confirmation never does.
      sent.length = 0;
      refused.clear();
      expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
      expect(mails()).toEqual([
        { to: s.account.email, subject: `Your Pehnava order ${order.orderNumber} has shipped` },
      ]);
      expect(await waiting(order._id)).toBe(0);
      advance(HOUR);
      expect(await runMailJob()).toEqual(NOTHING_DUE);
    });
  });

  it('the courier’s changes: shipped, nothing for out for delivery, delivered; in order, one per run', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    await changeStatus(order._id, 'Shipped', 'Pending');
    await changeStatus(order._id, 'Out for Delivery', 'Pending');
    await changeStatus(order._id, 'Delivered', 'Paid');
    // All four entries carry the same clock reading; the insertion order still decides.
    const subjects: string[] = [];
    for (let run = 0; run < 4; run += 1) {
      await runMailJob();
      subjects.push(...sent.splice(0).map((mail) => mail.subject));
    }
    expect(subjects).toEqual([
      `Your Pehnava order ${order.orderNumber} is confirmed`,
      `Your Pehnava order ${order.orderNumber} has shipped`,
      `Your Pehnava order ${order.orderNumber} has been delivered`,
    ]);
    expect(await waiting(order._id)).toBe(0);
  });

  it('a refund that starts gets the refund mail', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    await runMailJob();
    await changeStatus(order._id, 'Delivered', 'Paid');
    await runMailJob();
    sent.length = 0;
    await changeStatus(order._id, 'Returned', 'Refund Initiated');
    expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    expect(mails()).toEqual([
      { to: s.account.email, subject: `Refund initiated for your Pehnava order ${order.orderNumber}` },
    ]);
  });

  it('an online order gets no mail while unpaid and its confirmation once paid', async () => {
    const s = await shopper();
    const placed = await placeCod(s);
    const orders = createOrderService(t.database.db);
    const [item] = await orders.items(placed._id);
    if (!item) throw new Error('the placed order has no line');
    const { orderId: _, position: __, ...line } = item;
    const online = await orders.create(
      {
        userId: s.account.user._id,
        address: placed.address,
        itemsPricePaise: 99_800,
        shippingPricePaise: 4_900,
        taxPricePaise: 0,
        discountPaise: 0,
        totalPricePaise: 104_700,
        paymentMode: 'ONLINE',
        paymentStatus: 'Pending',
        deliveryStatus: 'Pending',
        orderNotes: '',
        createdAt: clock,
      },
      [line],
      { actor: 'customer', actorUserId: s.account.user._id, note: 'Order placed, waiting for payment.' },
    );
    await runMailJob();
    expect(mails().map((m) => m.subject)).toEqual([`Your Pehnava order ${placed.orderNumber} is confirmed`]);
    sent.length = 0;

    await changeStatus(online._id, 'Pending', 'Failed');
    expect(await runMailJob()).toEqual({ sent: 0, none: 1, failed: 0, gaveUp: 0 });
    await changeStatus(online._id, 'Processing', 'Paid');
    expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    expect(mails()).toEqual([
      { to: s.account.email, subject: `Your Pehnava order ${online.orderNumber} is confirmed` },
    ]);
    expect(sent[0]?.text).toContain('We have received your payment of Rs 1,047');
  });

  it('a closed account gets no mail', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    const del = await s.client.request({
      method: 'DELETE',
      url: API.users.me,
      payload: { password: s.account.password },
    });
    expect(del.statusCode).toBe(200);
    expect(await runMailJob()).toEqual({ sent: 0, none: 1, failed: 0, gaveUp: 0 });
    expect(sent).toEqual([]);
    expect(await waiting(order._id)).toBe(0);
  });

  it('history written before order mails existed (no due time) sends nothing', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    await runMailJob();
    sent.length = 0;
    // As the code before this feature wrote it: the due time left out, so null.
    await t.database.db.execute(
      sql`insert into order_history (order_id, delivery_status, payment_status, actor, at)
          values (${order._id}, 'Shipped', 'Pending', 'system', ${clock.toISOString()})`,
    );
    expect(await runMailJob()).toEqual(NOTHING_DUE);
    expect(sent).toEqual([]);
  });

  it('two instances running at once send each mail once', async () => {
    const buyers = await Promise.all([shopper(), shopper(), shopper()]);
    const placed = [];
    for (const buyer of buyers) placed.push(await placeCod(buyer));
    // A slow provider keeps the first run's claims open while the second claims.
    const slow: MailProvider = {
      name: 'slow',
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(message);
      },
    };
    const instance = () =>
      createOrderMailService({
        ...t.container.services,
        mail: slow,
        shop: async () => orderMailShopOf(t.config),
        log: { warn: () => {}, error: () => {} },
        now: () => clock,
      });
    const runs = await Promise.all([instance().sendDue(), instance().sendDue()]);
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(3);
    expect(
      mails()
        .map((m) => m.subject)
        .sort(),
    ).toEqual(placed.map((o) => `Your Pehnava order ${o.orderNumber} is confirmed`).sort());
  });

  it('an instance that died holding entries leaves them due again after the lease', async () => {
    const s = await shopper();
    const order = await placeCod(s);
    // Claimed and never finished, as by an instance that crashed while sending.
    const claimed = await createOrderService(t.database.db).claimMailDue(
      clock,
      new Date(clock.getTime() + 15 * MINUTE),
      50,
    );
    expect(claimed.map((entry) => entry.orderId)).toEqual([order._id]);
    expect(await runMailJob()).toEqual(NOTHING_DUE);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 15 * MINUTE);
      expect(await runMailJob()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    } finally {
      clock = start;
    }
  });

  it('the outbox provider keeps the mail as files', async () => {
    const s = await shopper('Ravi <Kumar>');
    const order = await placeCod(s);
    const dir = mailOutboxDir(t.config.dataDir);
    const outbox = createOutboxMailProvider({
      dir,
      from: t.config.MAIL_FROM,
      log: { info: () => {}, warn: () => {} },
    });
    const service = createOrderMailService({
      ...t.container.services,
      mail: outbox,
      shop: async () => orderMailShopOf(t.config),
      log: { warn: () => {}, error: () => {} },
      now: () => clock,
    });
    expect(await service.sendDue()).toEqual({ sent: 1, none: 0, failed: 0, gaveUp: 0 });
    const [mail, ...rest] = await readMailOutbox(dir);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      to: s.account.email,
      subject: `Your Pehnava order ${order.orderNumber} is confirmed`,
    });
    expect(mail?.text).toContain('Hello Ravi <Kumar>,');
    expect(mail?.html).toContain('Hello Ravi &lt;Kumar&gt;,');
  });
});

describe('the link to My Orders', () => {
  it('is PUBLIC_URL when set, else the address the shop listens on', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.config.dataDir } as const;
    expect(orderMailShopOf(loadConfig({ ...base, PUBLIC_URL: 'https://pehnava.in/' })).myOrdersUrl).toBe(
      'https://pehnava.in/myorders',
    );
    expect(orderMailShopOf(loadConfig({ ...base, HOST: '0.0.0.0', PORT: '8080' })).myOrdersUrl).toBe(
      'http://localhost:8080/myorders',
    );
    expect(orderMailShopOf(loadConfig({ ...base, SHOP_NAME: 'Rangrez' })).name).toBe('Rangrez');
    expect(orderMailShopOf(loadConfig({ ...base, PUBLIC_URL: 'https://pehnava.in/' })).siteUrl).toBe(
      'https://pehnava.in',
    );
  });
});
