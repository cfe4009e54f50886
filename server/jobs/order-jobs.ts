import { DAY, HOUR, MINUTE } from '../../common/constants';
import type { Db } from '../db/client';
import { createExpireUnpaidOrdersFlow } from '../flows/expire-unpaid-orders';
import { createRefunder } from '../flows/refund-payment';
import { createOrderService } from '../modules/order/order.service';
import { createPaymentsService } from '../modules/payments/payments.service';
import type { PaymentProvider, ProviderLogger } from '../providers';
import type { Job } from './scheduler';

/** How long an Idempotency-Key's answer is kept: a retry comes within minutes, a day is ample. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY;
/** How long a handled webhook event id is kept: Razorpay redelivers a failed webhook for up to 24 hours. */
export const WEBHOOK_EVENT_TTL_MS = 7 * DAY;

/**
 * Order housekeeping (DESIGN.md §6): delete online orders unpaid 30 minutes after placing and return
 * their stock (every minute, so an order goes within a minute of its deadline); call the refunds whose
 * provider call never answered; drop old Idempotency-Key answers and webhook event ids.
 */
export function orderJobs({
  db,
  payment,
  log,
  now = () => new Date(),
}: {
  db: Db;
  payment: PaymentProvider;
  log: ProviderLogger;
  now?: () => Date;
}): Job[] {
  const expireUnpaidOrders = createExpireUnpaidOrdersFlow({ db, now });
  const refunder = createRefunder({ db, payment, now, log });
  return [
    { name: 'expire-unpaid-orders', everyMs: MINUTE, run: expireUnpaidOrders },
    { name: 'retry-refunds', everyMs: 5 * MINUTE, run: () => refunder.retryDue() },
    {
      name: 'clean-up-idempotency-keys',
      everyMs: HOUR,
      run: async () => ({
        idempotencyKeys: await createOrderService(db).cleanUpIdempotencyKeys(
          new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS),
        ),
        webhookEvents: await createPaymentsService(db).cleanUpWebhookEvents(
          new Date(now().getTime() - WEBHOOK_EVENT_TTL_MS),
        ),
      }),
    },
  ];
}
