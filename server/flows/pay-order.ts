import { toRupees } from '../../common/money';
import { awaitingOnlinePayment, unpaidOrderExpired } from '../../common/payment-window';
import { ORDER_MESSAGES, type PayOrderAnswer } from '../../common/schemas/order';
import { ConflictError } from '../errors';
import type { PaymentProvider } from '../providers';
import type { Services } from '../services';
import { PaymentUnavailableError } from './place-order';

export interface PayOrderDeps {
  services: Pick<Services, 'orders' | 'payments'>;
  /** The provider the shop takes payments with now: its name and public key id. */
  payment: Pick<PaymentProvider, 'name' | 'keyId'>;
  now: () => Date;
}

/**
 * "Pay now" for an unpaid online order (DESIGN.md §6): answers the payment the order was placed with,
 * as placing it did, so the shopper pays the same provider order again (a provider order takes
 * further attempts until one is captured). Nothing is written: the payment settles through verify
 * and the webhook as before, and the expiry job still deletes the order 30 minutes after placing.
 * 404 for another shopper's order, 409 for one that has nothing to pay or whose time has run out.
 */
export function createPayOrderFlow({ services, payment, now }: PayOrderDeps) {
  return async function payOrder(userId: string, orderId: string): Promise<PayOrderAnswer> {
    const order = await services.orders.getOwned(userId, orderId);
    if (order.paymentMode !== 'ONLINE') {
      throw new ConflictError(ORDER_MESSAGES.payCashOnDelivery, 'NOT_AN_ONLINE_ORDER');
    }
    if (!awaitingOnlinePayment(order)) throw new ConflictError(ORDER_MESSAGES.nothingToPay, 'NOTHING_TO_PAY');
    if (unpaidOrderExpired(new Date(order.orderTimestamp), now())) {
      throw new ConflictError(ORDER_MESSAGES.payWindow, 'PAYMENT_WINDOW_PASSED');
    }
    const row = await services.payments.findByOrderId(order._id);
    if (!row || !services.payments.payable(row)) {
      throw new ConflictError(ORDER_MESSAGES.nothingToPay, 'NOTHING_TO_PAY');
    }
    // An order opened with another provider (the shop switched since) cannot be paid here.
    if (row.provider !== payment.name) throw new PaymentUnavailableError();
    return {
      order,
      payment: {
        provider: row.provider,
        providerOrderId: row.providerOrderId,
        amount: toRupees(row.amountPaise),
        currency: 'INR',
        keyId: payment.keyId,
      },
    };
  };
}

export type PayOrderFlow = ReturnType<typeof createPayOrderFlow>;
