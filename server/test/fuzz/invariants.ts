import { count, eq, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants } from '../../modules/catalog/catalog.schema';
import { orderHistory, orderReturns, orders } from '../../modules/order/order.schema';
import { payments } from '../../modules/payments/payments.schema';
import type { Draft } from './request';
import { sentText } from './request';

/**
 * The shop's invariants the fuzz test checks: no order changed by a request the shop refused, no
 * stock below zero, and (in the runner) every account still signs in with its password.
 */

/** What an order is, as far as a refused request must leave it alone. */
async function orderState(db: Db, orderId: string): Promise<string> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [history] = await db
    .select({ entries: count() })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId));
  const returns = await db
    .select({ status: orderReturns.status, lines: orderReturns.linePositions, reason: orderReturns.reason })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId));
  const money = await db
    .select({ status: payments.status, paymentId: payments.paymentId, refundId: payments.refundId })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return JSON.stringify({ order, history: history?.entries, returns, money });
}

/** A refusal for the order invariant: an answer of 400 or more, except a payment taken only to be refunded. */
export function isRefusal(status: number, body: string): boolean {
  // A payment that arrives for an order that was cancelled or expired is accepted and refunded (409
  // PAYMENT_REFUNDED, docs/decisions/006-payments.md): its order's payment changes on purpose.
  return status >= 400 && !body.includes('"code":"PAYMENT_REFUNDED"');
}

/**
 * Watches the orders requests name (by id, provider order id or AWB): each order's state before the
 * first request that named it, and whether any request that named it was accepted.
 */
export class OrderWatch {
  private readonly first = new Map<string, string>();
  private readonly accepted = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly tokens: () => Map<string, string>,
  ) {}

  /** The orders a request names. */
  touchedBy(draft: Draft): string[] {
    const text = sentText(draft);
    const touched = new Set<string>();
    for (const [token, orderId] of this.tokens()) if (text.includes(token)) touched.add(orderId);
    return [...touched];
  }

  /** The states of these orders now; the first ever seen of each is kept for the end of the run. */
  async states(orderIds: string[]): Promise<Map<string, string>> {
    const states = new Map<string, string>();
    for (const orderId of orderIds) {
      const state = await orderState(this.db, orderId);
      states.set(orderId, state);
      if (!this.first.has(orderId)) this.first.set(orderId, state);
    }
    return states;
  }

  /** The orders a refused request changed, comparing with `before`; records accepted touches. */
  async changedBy(before: Map<string, string>, refused: boolean): Promise<string[]> {
    if (!refused) {
      for (const orderId of before.keys()) this.accepted.add(orderId);
      return [];
    }
    const changed: string[] = [];
    for (const [orderId, state] of before) {
      if ((await orderState(this.db, orderId)) !== state) changed.push(orderId);
    }
    return changed;
  }

  /** Orders only ever named by refused requests that are no longer as they were. */
  async changedSinceFirstSeen(): Promise<string[]> {
    const changed: string[] = [];
    for (const [orderId, state] of this.first) {
      if (this.accepted.has(orderId)) continue;
      if ((await orderState(this.db, orderId)) !== state) changed.push(orderId);
    }
    return changed;
  }
}

/** The lowest stock of any variant. */
export async function lowestStock(db: Db): Promise<number> {
  const [row] = await db.select({ lowest: min(productVariants.countInStock) }).from(productVariants);
  return row?.lowest ?? 0;
}
