import { DAY, HOUR, MINUTE } from '../../common/constants';
import type { HandleOrderFlows } from '../flows/handle-order';
import type { Refunder } from '../flows/refund-payment';
import type { OrderService } from '../modules/order/order.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { Job } from './scheduler';

/** How long an Idempotency-Key's answer is kept: a retry comes within minutes, a day is ample. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY;
/** How long a handled webhook event id is kept: Razorpay redelivers a failed webhook for up to 24 hours. */
export const WEBHOOK_EVENT_TTL_MS = 7 * DAY;

/**
 * Order housekeeping (DESIGN.md §6): delete online orders unpaid 30 minutes after placing and return
 * their stock (every minute, so an order goes within a minute of its deadline); call the refunds whose
 * provider call never answered (the system's, and staff's part refunds); drop old Idempotency-Key answers and webhook event ids.
 */
export function orderJobs({
  orders,
  payments,
  expireUnpaidOrders,
  refunder,
  handleOrder,
  now,
}: {
  orders: Pick<OrderService, 'cleanUpIdempotencyKeys'>;
  payments: Pick<PaymentsService, 'cleanUpWebhookEvents'>;
  expireUnpaidOrders: () => Promise<{ expired: number }>;
  refunder: Pick<Refunder, 'retryDue'>;
  handleOrder: Pick<HandleOrderFlows, 'retryRefunds'>;
  now: () => Date;
}): Job[] {
  return [
    { name: 'expire-unpaid-orders', everyMs: MINUTE, run: expireUnpaidOrders },
    { name: 'retry-refunds', everyMs: 5 * MINUTE, run: () => refunder.retryDue() },
    { name: 'retry-staff-refunds', everyMs: 5 * MINUTE, run: () => handleOrder.retryRefunds() },
    {
      name: 'clean-up-idempotency-keys',
      everyMs: HOUR,
      run: async () => ({
        idempotencyKeys: await orders.cleanUpIdempotencyKeys(
          new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS),
        ),
        webhookEvents: await payments.cleanUpWebhookEvents(new Date(now().getTime() - WEBHOOK_EVENT_TTL_MS)),
      }),
    },
  ];
}
