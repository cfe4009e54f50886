import { DAY, MINUTE, SECOND } from '../../common/constants';
import type { Db } from '../db/client';
import { createShipOrdersFlow } from '../flows/ship-order';
import { createShippingService } from '../modules/shipping/shipping.service';
import { createUsersService } from '../modules/users/users.service';
import type { ProviderLogger } from '../providers/logger';
import type { ShippingProvider } from '../providers/shipping/shipping-provider';
import type { Job } from './scheduler';

/** Webhook keys are kept this long to recognise a repeat; couriers repeat within minutes or hours. */
const WEBHOOK_MEMORY_MS = 30 * DAY;

export interface ShippingJobsOptions {
  db: Db;
  provider: ShippingProvider;
  /** The address the courier gets for a shopper whose account is closed. */
  shopEmail: string;
  log: ProviderLogger;
  now?: () => Date;
}

/**
 * The courier's work (docs/decisions/007-courier.md): `ship-orders` books a shipment for every order
 * in Processing and, with the local simulator, moves booked ones a state on each step; it runs twice
 * a step (between every second and every minute), so a step is never late by more than half of one.
 * It also tries again to cancel at the courier the booked shipments of cancelled orders whose
 * cancellation failed there. `forget-shipping-webhooks` drops old webhook keys.
 */
export function shippingJobs({
  db,
  provider,
  shopEmail,
  log,
  now = () => new Date(),
}: ShippingJobsOptions): Job[] {
  const users = createUsersService(db, { now });
  const flow = createShipOrdersFlow({
    db,
    provider,
    now,
    log,
    emailOf: async (userId) => (await users.findActiveUserById(userId))?.email ?? shopEmail,
  });
  const everyMs = provider.simulation
    ? Math.min(Math.max(provider.simulation.stepMs / 2, SECOND), MINUTE)
    : MINUTE;
  return [
    { name: 'ship-orders', everyMs, run: () => flow.run() },
    {
      name: 'forget-shipping-webhooks',
      everyMs: DAY,
      run: async () => ({
        forgotten: await createShippingService(db, { provider }).forgetWebhooksBefore(
          new Date(now().getTime() - WEBHOOK_MEMORY_MS),
        ),
      }),
    },
  ];
}
