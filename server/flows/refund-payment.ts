import { MAX_REFUND_ATTEMPTS } from '../../common/constants';
import { describeError } from '../logger';
import type { OrderRow } from '../modules/order/order.service';
import type { PaymentProvider } from '../providers';
import type { ProviderLogger } from '../providers/logger';
import type { Services } from '../services';

export interface RefundDeps {
  services: Pick<Services, 'orders' | 'payments'>;
  payment: PaymentProvider;
  now: () => Date;
  log: ProviderLogger;
}

/** What staff refunded of the order already, in paise. */
async function staffRefundedPaise(on: Pick<Services, 'orders'>, orderId: string): Promise<number> {
  return (await on.orders.refunds(orderId)).reduce((sum, refund) => sum + refund.amountPaise, 0);
}

/**
 * Decides the refund of an order the shop can no longer fill after it was paid online (the shopper
 * cancelled it, or its delivery failed), in the caller's transaction with the order row locked: its
 * payment row becomes `refund_initiated`. Answers that row's id, to hand to the refunder's `refund`
 * once the transaction has committed, or undefined when nothing was paid online (COD, unpaid, or a
 * refund already decided). The caller records Refund Initiated on the order in the same transaction.
 */
export async function initiateRefund(
  tx: Pick<Services, 'payments' | 'orders'>,
  order: Pick<OrderRow, 'id' | 'paymentStatus'>,
  at: Date,
): Promise<string | undefined> {
  if (order.paymentStatus !== 'Paid') return undefined;
  const payments = tx.payments;
  // A COD order paid on delivery has no payment row: the courier collected the cash.
  const paid = await payments.lockForOrder(order.id);
  if (!paid?.paymentId) return undefined;
  // Staff may have refunded part of it already (server/flows/handle-order.ts): the refunder gives back the rest.
  if (paid.amountPaise - (await staffRefundedPaise(tx, order.id)) <= 0) return undefined;
  return (await payments.markRefundInitiated(paid, paid.paymentId, at)) ? paid.id : undefined;
}

/**
 * Calls the provider's refund for payment rows already marked `refund_initiated` in a committed
 * transaction (docs/decisions/006-payments.md): the refund is decided together with the order change,
 * and the outside call happens after, so a crash or a provider outage never loses it. Each call first
 * takes a lease on the row, so the request that initiated the refund and the retry job never both
 * call; a failed call is left for the job, which tries again after the lease runs out.
 */
export function createRefunder({ services, payment, now, log }: RefundDeps) {
  /** Refunds one payment row if it still waits for its refund; never throws (failures are logged). */
  async function refund(paymentRowId: string): Promise<'refunded' | 'failed' | 'not-due'> {
    const payments = services.payments;
    const row = await payments.claimRefund(paymentRowId, now());
    if (!row?.paymentId) return 'not-due';
    // The order number is the refund's receipt; an expired order has none left, so the row id stands in.
    const order = await services.orders.getById(row.orderId);
    try {
      const { refundId } = await payment.refund({
        paymentId: row.paymentId,
        amountPaise: row.amountPaise - (await staffRefundedPaise(services, row.orderId)),
        receipt: order?.order.orderNumber ?? row.id,
      });
      await payments.recordRefundId(row.id, refundId, now());
      return 'refunded';
    } catch (error) {
      const last = row.refundAttempts >= MAX_REFUND_ATTEMPTS;
      log.warn(
        `payments: refund of ${row.paymentId} failed (attempt ${row.refundAttempts}${
          last ? ', the last one: refund it by hand in the provider dashboard' : ', will retry'
        }): ${describeError(error)}`,
      );
      return 'failed';
    }
  }

  return {
    refund,

    /** The retry job: every refund whose call never answered, one after the other. */
    async retryDue(): Promise<{ refunded: number; failed: number }> {
      const counts = { refunded: 0, failed: 0 };
      for (const id of await services.payments.refundsDue(now())) {
        const outcome = await refund(id);
        if (outcome !== 'not-due') counts[outcome] += 1;
      }
      return counts;
    },
  };
}

export type Refunder = ReturnType<typeof createRefunder>;
