import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { API } from '../../../common/api-paths';
import { CANCEL_WINDOW_MS, MINUTE, RETURN_WINDOW_MS } from '../../../common/constants';
import { toPaise } from '../../../common/money';
import { awaitingOnlinePayment, unpaidOrderExpired } from '../../../common/payment-window';
import type { Order, PlacedOrder } from '../../../common/schemas/order';
import { OTP_TTL_MS } from '../../modules/otp/otp';
import { shipments } from '../../modules/shipping/shipping.schema';
import { mailOutboxDir, readMailOutbox } from '../../providers/mail/outbox';
import { paymentSignature } from '../../providers/payment/signatures';
import { readSmsOutbox, smsOutboxDir } from '../../providers/sms/outbox';
import { deliver, homeAddress } from '../order-kit';
import { createClient, jobsNamed } from '../test-app';
import type { Hints, Operation } from './openapi';
import { type Draft, type FormPart, type Json, payloadOf, ROLES, type Role } from './request';
import {
  type Account,
  type Answer,
  type Browser,
  current,
  pick,
  STRONG_PASSWORDS,
  type World,
} from './world';

/**
 * What the handlers behind the first checks need to be reached: for each shopper, an address, an
 * order still cancellable, a delivered one to return and review, an online one waiting for payment
 * (its provider order signed for verify and the payment webhook), a parcel booked with Shiprocket (its
 * AWB for the courier webhook), reviews of its own and of others, and valid one-time codes read from
 * the outboxes (password reset by mail, phone verification by SMS). Each is made before a request
 * that needs it, through the API as a shopper would, and made again once the fuzzer has used it up.
 */

const COURIER_STATUSES = [
  'PICKED UP',
  'IN TRANSIT',
  'OUT FOR DELIVERY',
  'DELIVERED',
  'UNDELIVERED',
  'RTO INITIATED',
];

/** A setup call the shop refused (the fuzzer's own requests may have filled a limit); it is left out. */
class SetupRefusedError extends Error {}

/** What one shopper owns that the fuzzer aims at. */
interface Holdings {
  addresses: string[];
  orders: string[];
  cancellable?: string;
  returnable?: string;
  unpaid?: { orderId: string; providerOrderId: string; amountPaise: number };
  /** Payments that paid an order, for refund webhooks. */
  captured: { paymentId: string; amountPaise: number }[];
  booked?: { orderId: string; awb: string };
  /** A product the shopper received and has not reviewed. */
  reviewable?: string;
  reviews: string[];
  phone?: { number: string; code: string; sentAt: number; verified: boolean };
}

/** Each role's recovery account: its newest reset code and whether the role's browser holds a reset grant. */
interface Recovery {
  account: Account;
  code?: { value: string; at: number; used: boolean };
  grantAt?: number;
}

export type DeepState = Awaited<ReturnType<typeof createDeepState>>;

export async function createDeepState(world: World) {
  const { t, browsers, products, images } = world;
  const { services } = t.container;
  const now = () => world.clock.now();

  const holdings = new Map<string, Holdings>();
  const holdingsOf = (account: Account): Holdings => {
    let held = holdings.get(account.userId);
    if (!held) {
      held = { addresses: [], orders: [], captured: [], reviews: [] };
      holdings.set(account.userId, held);
    }
    return held;
  };
  const heldBy = (role: Role) => {
    const account = browsers[role].account;
    return account ? holdingsOf(account) : undefined;
  };
  /** Text that names an order (its id, its provider order id, its AWB), and the order it names. */
  const orderTokens = new Map<string, string>();

  const orderOf = async (orderId: string | undefined) =>
    orderId ? (await services.orders.getById(orderId))?.order : undefined;

  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status)
      throw new SetupRefusedError(`${what} answered ${res.statusCode} ${res.body}`);
    return res;
  };

  async function ensureAddress(browser: Browser): Promise<string | undefined> {
    const account = browser.account as Account;
    const held = holdingsOf(account);
    for (const id of held.addresses) {
      if (await services.addresses.getOwnedAddress(account.userId, id)) return id;
    }
    const res = await browser.client.request({
      method: 'POST',
      url: API.address.collection,
      payload: homeAddress,
    });
    // A full address book (the fuzzer adds addresses too) keeps what it has.
    if (res.statusCode !== 201) {
      held.addresses = (await services.addresses.list(account.userId)).addresses.map(
        (address) => address._id,
      );
      return held.addresses[0];
    }
    held.addresses.unshift(res.json().address._id);
    return held.addresses[0];
  }

  const trackOrder = (account: Account, placed: PlacedOrder) => {
    holdingsOf(account).orders.push(placed.order._id);
    orderTokens.set(placed.order._id, placed.order._id);
    if (placed.payment) orderTokens.set(placed.payment.providerOrderId, placed.order._id);
  };

  async function place(browser: Browser, paymentMode: 'COD' | 'ONLINE', productId = products[0] as string) {
    const addressId = await ensureAddress(browser);
    const res = await browser.client.request({
      method: 'POST',
      url: API.order.place,
      payload: {
        addressId,
        cartItems: [{ productId, quantity: 1, price: 499, selectedColor: 'White', selectedSize: 'M' }],
        orderNotes: '',
        paymentMode,
      },
    });
    const placed = expectStatus(res, 201, `placing a ${paymentMode} order`).json() as PlacedOrder;
    trackOrder(browser.account as Account, placed);
    return placed;
  }

  async function ensureCancellable(browser: Browser) {
    const held = holdingsOf(browser.account as Account);
    const order = await orderOf(held.cancellable);
    const age = order ? now().getTime() - new Date(order.orderTimestamp).getTime() : Number.POSITIVE_INFINITY;
    if (
      order &&
      age < CANCEL_WINDOW_MS - 30 * MINUTE &&
      ['Pending', 'Processing'].includes(order.deliveryStatus)
    ) {
      return;
    }
    held.cancellable = (await place(browser, 'COD')).order._id;
  }

  async function deliveredOrder(browser: Browser, productId: string): Promise<Order> {
    const { order } = await place(browser, 'COD', productId);
    await deliver(t, order, now());
    return order;
  }

  async function ensureReturnable(browser: Browser) {
    const held = holdingsOf(browser.account as Account);
    const order = await orderOf(held.returnable);
    const deliveredAt = held.returnable ? await services.orders.deliveredAt(held.returnable) : undefined;
    const inWindow = deliveredAt && now().getTime() - deliveredAt.getTime() < RETURN_WINDOW_MS - 60 * MINUTE;
    if (order?.deliveryStatus === 'Delivered' && inWindow) return;
    held.returnable = (await deliveredOrder(browser, products[0] as string))._id;
  }

  async function ensureUnpaid(browser: Browser) {
    const held = holdingsOf(browser.account as Account);
    const order = await orderOf(held.unpaid?.orderId);
    // Five minutes to spare, so the order does not expire between this check and the request.
    const soon = new Date(now().getTime() + 5 * MINUTE);
    if (order && awaitingOnlinePayment(order) && !unpaidOrderExpired(new Date(order.orderTimestamp), soon))
      return;
    const placed = await place(browser, 'ONLINE');
    if (!placed.payment) throw new Error('fuzz setup: an online order came without a payment');
    held.unpaid = {
      orderId: placed.order._id,
      providerOrderId: placed.payment.providerOrderId,
      amountPaise: toPaise(placed.payment.amount),
    };
  }

  async function ensureBooked(browser: Browser) {
    const held = holdingsOf(browser.account as Account);
    const order = await orderOf(held.booked?.orderId);
    if (order && ['Processing', 'Shipped', 'Out for Delivery'].includes(order.deliveryStatus)) return;
    const { order: placed } = await place(browser, 'COD');
    for (const job of jobsNamed(t.container, 'ship-orders')) await job.run();
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, placed._id));
    if (row?.awb) {
      held.booked = { orderId: placed._id, awb: row.awb };
      orderTokens.set(row.awb, placed._id);
    }
  }

  async function ensureReviewable(browser: Browser): Promise<string> {
    const account = browser.account as Account;
    const held = holdingsOf(account);
    if (held.reviewable) {
      const { status } = await t.container.flows.reviews.eligibility(account.userId, held.reviewable);
      if (status === 'canReview') return held.reviewable;
    }
    const productId = await world.product(`Handloom Stole ${held.reviews.length + 1}`);
    await deliveredOrder(browser, productId);
    held.reviewable = productId;
    return productId;
  }

  async function writeReview(browser: Browser, withPhoto: boolean): Promise<string> {
    const productId = await ensureReviewable(browser);
    const form: FormPart[] = [
      { name: 'rating', value: '5' },
      { name: 'title', value: 'Lovely fabric' },
      { name: 'comment', value: 'Soft cotton, true to size and colour.' },
      ...(withPhoto ? [{ name: 'consent', value: 'true' }, images[0] as FormPart] : []),
    ];
    const body = payloadOf({ kind: 'multipart', parts: form });
    const res = await browser.client.request({
      method: 'POST',
      url: API.reviews.product(productId),
      payload: body.bytes,
      headers: { 'content-type': body.contentType as string },
    });
    const id = expectStatus(res, 201, 'writing a review').json().review._id as string;
    const held = holdingsOf(browser.account as Account);
    held.reviews.push(id);
    held.reviewable = undefined;
    return id;
  }

  async function ensureOwnReview(browser: Browser) {
    const account = browser.account as Account;
    const latest = holdingsOf(account).reviews.at(-1);
    if (latest && (await services.reviews.findOwned(account.userId, latest))) return;
    await writeReview(browser, false);
  }

  // Staff's queue is filled by shoppers of its own, so it does not use up the customer's review limit
  // (ten changes an hour); a reviewer that reached it is replaced.
  let reviewer: Browser | undefined;
  let pendingReview: string | undefined;
  async function ensurePendingReview() {
    const row = pendingReview ? await services.reviews.findById(pendingReview) : undefined;
    if (row?.status === 'pending') return;
    for (const fresh of [false, true]) {
      if (!reviewer || fresh) reviewer = await world.newShopper('a reviewer');
      try {
        pendingReview = await writeReview(reviewer, true);
        return;
      } catch (error) {
        if (!(error instanceof SetupRefusedError) || fresh) throw error;
      }
    }
  }

  // Another shopper: the owner of what the roles must not touch (other users' ids), and of the
  // approved review they vote on.
  const other = await world.newShopper('the other shopper');
  let otherReview: string | undefined;
  async function ensureOtherReview() {
    const row = otherReview ? await services.reviews.findById(otherReview) : undefined;
    if (row?.status === 'approved') return;
    otherReview = await writeReview(other, false);
  }

  let phones = 0;
  async function ensurePhoneCode(browser: Browser) {
    const held = holdingsOf(browser.account as Account);
    const phone = held.phone;
    if (phone && !phone.verified && now().getTime() - phone.sentAt < OTP_TTL_MS - 2 * MINUTE) return;
    phones += 1;
    const number = String(7_000_000_000 + phones * 7919 + (Date.now() % 1000));
    const set = await browser.client.request({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { phone: number },
    });
    expectStatus(set, 200, 'setting a phone number');
    // Three codes a quarter of an hour: past that, the fuzzer tries the door without one.
    expectStatus(
      await browser.client.request({ method: 'POST', url: '/api/users/phone/send-otp' }),
      200,
      'texting a code',
    );
    await t.container.idle();
    const sms = (await readSmsOutbox(smsOutboxDir(t.config.dataDir))).filter(
      (message) => message.to === number,
    );
    const code = sms.at(-1)?.text.match(/\b([0-9]{6})\b/)?.[1];
    if (!code) throw new SetupRefusedError(`no code was texted to ${number}`);
    world.secrets.addOtp(code);
    held.phone = { number, code, sentAt: now().getTime(), verified: false };
  }

  // A recovery account for each role's browser, so password resets leave the role's own account alone.
  const recoveries = {} as Record<Role, Recovery>;
  for (const role of ROLES) {
    recoveries[role] = {
      account: (await world.newShopper(`the recovery account of the ${role}`)).account as Account,
    };
  }

  async function ensureResetCode(role: Role) {
    const recovery = recoveries[role];
    const code = recovery.code;
    if (code && !code.used && now().getTime() - code.at < OTP_TTL_MS - 2 * MINUTE) return;
    const res = await createClient(t.app, { remoteAddress: world.nextAddress() }).request({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: recovery.account.email },
    });
    // Three codes per email a quarter of an hour: past that, the fuzzer tries without one.
    expectStatus(res, 200, 'asking for a reset code');
    await t.container.idle();
    const mail = (await readMailOutbox(mailOutboxDir(t.config.dataDir)))
      .filter((message) => message.to === recovery.account.email && /reset code/.test(message.subject))
      .at(-1);
    const value = mail?.text.match(/\b([0-9]{6})\b/)?.[1];
    if (!value) throw new SetupRefusedError(`no reset code was mailed to ${recovery.account.email}`);
    world.secrets.addOtp(value);
    recovery.code = { value, at: now().getTime(), used: false };
  }

  async function ensureResetGrant(role: Role) {
    const recovery = recoveries[role];
    if (recovery.grantAt && now().getTime() - recovery.grantAt < 14 * MINUTE) return;
    await ensureResetCode(role);
    const code = recovery.code as NonNullable<Recovery['code']>;
    const browser = browsers[role];
    const res = await browser.client.request({
      method: 'POST',
      url: '/api/users/verify-otp',
      payload: { email: recovery.account.email, otp: code.value },
    });
    code.used = true;
    world.rememberCookies(browser.client, res.headers['set-cookie']);
    await world.refreshCsrf(browser);
    expectStatus(res, 200, 'checking a reset code');
    recovery.grantAt = now().getTime();
  }

  /** What each operation needs its role's account to hold before it is sent. */
  const preparations: Record<string, (browser: Browser) => Promise<unknown>> = {
    'POST /api/order': ensureAddress,
    'PUT /api/users/address/{id}': ensureAddress,
    'DELETE /api/users/address/{id}': ensureAddress,
    'PATCH /api/users/address/{id}/default': ensureAddress,
    'POST /api/order/{id}/cancel': ensureCancellable,
    'POST /api/order/{id}/return': ensureReturnable,
    'POST /api/order/{id}/pay': ensureUnpaid,
    'POST /api/payments/verify': ensureUnpaid,
    'POST /api/products/{id}/reviews': ensureReviewable,
    'PUT /api/reviews/{reviewId}': ensureOwnReview,
    'DELETE /api/reviews/{reviewId}': ensureOwnReview,
    'POST /api/users/phone/verify': ensurePhoneCode,
  };
  /** Password recovery: any role's browser, even the guest's, asks for and checks codes. */
  const recoveryPreparations: Record<string, (role: Role) => Promise<unknown>> = {
    'POST /api/users/verify-otp': ensureResetCode,
    'POST /api/users/reset-password': ensureResetGrant,
  };
  /** Operations that act on what others own, whoever sends them: the customer's order, staff's queue. */
  const shared: Record<string, () => Promise<unknown>> = {
    'POST /api/payments/webhook': () => ensureUnpaid(browsers.customer),
    'POST /api/shipping/webhook': () => ensureBooked(browsers.customer),
    'POST /api/admin/reviews/{reviewId}/approve': ensurePendingReview,
    'POST /api/admin/reviews/{reviewId}/reject': ensurePendingReview,
    'POST /api/reviews/{reviewId}/helpful': ensureOtherReview,
    'DELETE /api/reviews/{reviewId}/helpful': ensureOtherReview,
  };

  /** Makes what `operation` acts on exist for `role`, as far as the shop allows just now. */
  async function prepare(operation: Operation, role: Role): Promise<void> {
    try {
      await shared[operation.id]?.();
      await recoveryPreparations[operation.id]?.(role);
      const browser = browsers[role];
      if (browser.account) await preparations[operation.id]?.(browser);
    } catch (error) {
      if (!(error instanceof SetupRefusedError)) throw error;
    }
  }

  /** Keeps the holdings current with what an accepted request made, used up or voided. */
  async function observe(draft: Draft, answer: Answer): Promise<void> {
    if (answer.status < 200 || answer.status >= 300) return;
    const sent =
      draft.body.kind === 'json' && draft.body.value !== null && typeof draft.body.value === 'object'
        ? (draft.body.value as Record<string, unknown>)
        : {};
    let answered: Record<string, unknown> = {};
    try {
      answered = JSON.parse(answer.body);
    } catch {
      // A 204 has no body.
    }
    const account = draft.session === 'own' ? browsers[draft.role].account : null;
    const held = account ? holdingsOf(account) : undefined;
    const recoveryOf = (email: unknown) =>
      Object.values(recoveries).find((recovery) => recovery.account.email === email);
    switch (draft.operation) {
      case 'POST /api/order':
        if (account) trackOrder(account, answered as unknown as PlacedOrder);
        break;
      case 'POST /api/users/address':
        held?.addresses.push((answered.address as { _id: string })._id);
        break;
      case 'POST /api/products/{id}/reviews':
        held?.reviews.push((answered.review as { _id: string })._id);
        if (held) held.reviewable = undefined;
        break;
      case 'PATCH /api/users/profile':
        // A new number (or none) unverifies the phone and voids its code.
        if (held && 'phone' in sent) held.phone = undefined;
        break;
      case 'POST /api/users/phone/verify':
        if (held?.phone) held.phone.verified = true;
        break;
      case 'POST /api/payments/verify':
        if (held?.unpaid)
          held.captured.push({ paymentId: String(sent.paymentId), amountPaise: held.unpaid.amountPaise });
        break;
      case 'POST /api/payments/webhook': {
        const entity = (sent.payload as { payment?: { entity?: Record<string, unknown> } } | undefined)
          ?.payment?.entity;
        if (sent.event === 'payment.captured' && answered.status === 'processed' && entity) {
          heldBy('customer')?.captured.push({
            paymentId: String(entity.id),
            amountPaise: Number(entity.amount),
          });
        }
        break;
      }
      case 'POST /api/users/forgot-password': {
        // A new code voids the one before it.
        const code = recoveryOf(sent.email)?.code;
        if (code) code.used = true;
        break;
      }
      case 'POST /api/users/verify-otp': {
        const recovery = recoveryOf(sent.email);
        if (recovery?.code) recovery.code.used = true;
        if (recovery && recovery === recoveries[draft.role] && draft.session === 'own')
          recovery.grantAt = now().getTime();
        break;
      }
      case 'POST /api/users/reset-password': {
        const recovery = recoveryOf(sent.email);
        if (recovery) {
          recovery.account.password = String(sent.newPassword);
          recovery.grantAt = undefined;
          world.remember(recovery.account);
        }
        break;
      }
    }
  }

  const anyId = fc.uuid();
  const strongPassword = fc.constantFrom(...STRONG_PASSWORDS);
  const cartLine = fc
    .record({
      // Mostly what is in stock; now and then the kurta that sells out after two.
      productId: fc.oneof(
        {
          weight: 6,
          arbitrary: fc.constantFrom(products[0] as string, products[1] as string, products[3] as string),
        },
        { weight: 1, arbitrary: fc.constant(products[2] as string) },
      ),
      quantity: fc.integer({ min: 1, max: 3 }),
      size: fc.constantFrom('M', 'L'),
      isRefundable: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ productId, quantity, size, isRefundable }) => ({
      productId,
      quantity,
      price: 499,
      selectedColor: 'White',
      // The nearly sold-out kurta comes in M only.
      selectedSize: productId === products[2] ? 'M' : size,
      ...(isRefundable === undefined ? {} : { isRefundable }),
    }));
  /** Shiprocket's timestamp, `dd mm yyyy HH:MM:SS`, `minutes` from the shop's clock. */
  const courierTime = (minutes: number) => {
    const at = new Date(now().getTime() + minutes * MINUTE);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${two(at.getUTCDate())} ${two(at.getUTCMonth() + 1)} ${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:00`;
  };
  const one = (id: () => string | undefined) => () => [id() ?? ''].filter(Boolean);
  /** Any shopper's order, the ones waiting for staff (a return asked, a cancel due) most of all. */
  const everyOrder = pick(
    () =>
      [...holdings.values()]
        .flatMap((held) => [...held.orders, held.returnable ?? '', held.cancellable ?? ''])
        .filter(Boolean),
    anyId,
  );
  const shoppers = pick(() => [...holdings.keys()], anyId);

  /** Hints for the fields that name what a shopper owns, or carry a code or a signature. */
  function hints(operation: Operation, role: Role): Hints {
    const held = () => heldBy(role);
    const recovery = recoveries[role];
    const ownOrders = () => held()?.orders ?? [];
    const specific: Record<string, fc.Arbitrary<Json>> = {
      'POST /api/users/forgot-password body': fc.record({
        email: fc.oneof(
          current(() => recovery.account.email),
          fc.constant('nobody@example.in'),
        ),
      }),
      'POST /api/users/verify-otp body': fc.record({
        email: current(() => recovery.account.email),
        otp: fc.oneof(
          current(() => recovery.code?.value ?? '000000'),
          fc.stringMatching(/^[0-9]{6}$/),
        ),
      }),
      'POST /api/users/reset-password body': fc.record({
        email: current(() => recovery.account.email),
        newPassword: strongPassword,
      }),
      'POST /api/users/phone/verify body': fc.record({
        otp: fc.oneof(
          current(() => held()?.phone?.code ?? '000000'),
          fc.stringMatching(/^[0-9]{6}$/),
        ),
      }),
      'POST /api/payments/verify body': fc.nat().map((n) => {
        const unpaid = held()?.unpaid;
        const providerOrderId = unpaid?.providerOrderId ?? `order_fuzz${n}`;
        const paymentId = `pay_fuzz${n}`;
        return {
          orderId: unpaid?.orderId ?? '00000000-0000-4000-8000-000000000000',
          providerOrderId,
          paymentId,
          signature: paymentSignature(world.paymentKeySecret, providerOrderId, paymentId),
        };
      }),
      'POST /api/payments/webhook body': fc
        .record({
          event: fc.constantFrom('payment.captured', 'payment.failed', 'refund.processed', 'order.paid'),
          n: fc.nat(),
        })
        .map(({ event, n }): Json => {
          const unpaid = heldBy('customer')?.unpaid;
          const captured = heldBy('customer')?.captured.at(-1);
          const payload: { [key: string]: Json } =
            event === 'refund.processed'
              ? {
                  refund: {
                    entity: {
                      entity: 'refund',
                      id: `rfnd_fuzz${n}`,
                      payment_id: captured?.paymentId ?? `pay_fuzz${n}`,
                      amount: captured?.amountPaise ?? 54800,
                      currency: 'INR',
                      status: 'processed',
                    },
                  },
                }
              : {
                  payment: {
                    entity: {
                      entity: 'payment',
                      id: `pay_fuzz${n}`,
                      order_id: unpaid?.providerOrderId ?? `order_fuzz${n}`,
                      amount: unpaid?.amountPaise ?? 54800,
                      currency: 'INR',
                      status: event === 'payment.failed' ? 'failed' : 'captured',
                    },
                  },
                };
          return {
            entity: 'event',
            account_id: 'acc_fuzz',
            event,
            contains: Object.keys(payload),
            payload,
            created_at: Math.floor(now().getTime() / 1000),
          };
        }),
      'POST /api/shipping/webhook body': fc
        .record({
          status: fc.constantFrom(...COURIER_STATUSES),
          minutes: fc.integer({ min: -120, max: 120 }),
          isReturn: fc.constantFrom(0, 1, false),
        })
        .map(({ status, minutes, isReturn }) => ({
          awb: heldBy('customer')?.booked?.awb ?? '190400000000',
          courier_name: 'Delhivery Surface',
          current_status: status,
          shipment_status: status,
          current_timestamp: courierTime(minutes),
          order_id: 'ignored',
          is_return: isReturn,
        })),
      // The line of every order ensureReturnable places.
      'POST /api/order/{id}/return body.items': fc.constant([
        { productId: products[0] as string, selectedColor: 'White', selectedSize: 'M' },
      ]),
      'POST /api/order body.cartItems': fc.array(cartLine, { minLength: 1, maxLength: 3 }),
      'GET /api/order/{id} path.id': pick(ownOrders, anyId),
      'POST /api/order/{id}/cancel path.id': pick(
        one(() => held()?.cancellable),
        pick(ownOrders, anyId),
      ),
      'POST /api/order/{id}/pay path.id': pick(
        one(() => held()?.unpaid?.orderId),
        pick(ownOrders, anyId),
      ),
      'POST /api/order/{id}/return path.id': pick(
        one(() => held()?.returnable),
        pick(ownOrders, anyId),
      ),
      'POST /api/products/{id}/reviews path.id': pick(
        one(() => held()?.reviewable),
        fc.constantFrom(...products),
      ),
      'PUT /api/reviews/{reviewId} path.reviewId': pick(() => held()?.reviews.slice(-1) ?? [], anyId),
      'DELETE /api/reviews/{reviewId} path.reviewId': pick(() => held()?.reviews.slice(-1) ?? [], anyId),
      'POST /api/reviews/{reviewId}/helpful path.reviewId': pick(
        one(() => otherReview),
        anyId,
      ),
      'DELETE /api/reviews/{reviewId}/helpful path.reviewId': pick(
        one(() => otherReview),
        anyId,
      ),
      'POST /api/admin/reviews/{reviewId}/approve path.reviewId': pick(
        one(() => pendingReview),
        anyId,
      ),
      'POST /api/admin/reviews/{reviewId}/reject path.reviewId': pick(
        one(() => pendingReview),
        anyId,
      ),
    };
    const addresses = pick(() => held()?.addresses ?? [], anyId);
    return (at) => {
      const hint = specific[`${operation.id} ${at}`];
      if (hint) return hint;
      if (at === 'body.addressId') return addresses;
      if (at === 'path.id' && operation.path.startsWith('/api/users/address')) return addresses;
      // The back office acts on every shopper's orders, on the accounts and on the catalogue.
      if (at === 'path.id' && operation.path.startsWith('/api/admin/orders/')) return everyOrder;
      if (at === 'path.id' && operation.path.startsWith('/api/admin/customers/')) return shoppers;
      if (at === 'path.id' && operation.path.startsWith('/api/admin/products/')) {
        return fc.oneof(fc.constantFrom(...products), anyId);
      }
      return undefined;
    };
  }

  /** Ids of things that belong to someone other than the role: what a hostile shopper tries. */
  function foreignIds(role: Role): string[] {
    const own = browsers[role].account?.userId;
    const ids: string[] = [];
    for (const [userId, held] of holdings) {
      if (userId !== own) ids.push(...held.addresses, ...held.orders, ...held.reviews);
    }
    return ids;
  }

  // The other shopper owns an address, an order still open and an approved review from the start.
  await ensureAddress(other);
  await ensureCancellable(other);
  await ensureOtherReview();

  return { prepare, observe, hints, foreignIds, orderTokens: () => orderTokens };
}
