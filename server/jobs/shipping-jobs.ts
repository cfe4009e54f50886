import { DAY, MINUTE, SECOND } from '../../common/constants';
import type { ShipOrdersRun } from '../flows/ship-order';
import type { ShippingService } from '../modules/shipping/shipping.service';
import type { ShippingProvider } from '../providers/shipping/shipping-provider';
import type { Job } from './scheduler';

/** Webhook keys are kept this long to recognise a repeat; couriers repeat within minutes or hours. */
const WEBHOOK_MEMORY_MS = 30 * DAY;

export interface ShippingJobsOptions {
  shipping: Pick<ShippingService, 'forgetWebhooksBefore'>;
  shipOrders: { run(): Promise<ShipOrdersRun> };
  /** The courier; its simulation step sets how often the job runs. */
  provider: ShippingProvider;
  now: () => Date;
}

/**
 * The courier's work (docs/decisions/007-courier.md): `ship-orders` books a shipment for every order
 * in Processing and, with the local simulator, moves booked ones a state on each step; it runs twice
 * a step (between every second and every minute), so a step is never late by more than half of one.
 * It also tries again to cancel at the courier the booked shipments of cancelled orders whose
 * cancellation failed there. `forget-shipping-webhooks` drops old webhook keys.
 */
export function shippingJobs({ shipping, shipOrders, provider, now }: ShippingJobsOptions): Job[] {
  const everyMs = provider.simulation
    ? Math.min(Math.max(provider.simulation.stepMs / 2, SECOND), MINUTE)
    : MINUTE;
  return [
    { name: 'ship-orders', everyMs, run: () => shipOrders.run() },
    {
      name: 'forget-shipping-webhooks',
      everyMs: DAY,
      run: async () => ({
        forgotten: await shipping.forgetWebhooksBefore(new Date(now().getTime() - WEBHOOK_MEMORY_MS)),
      }),
    },
  ];
}
