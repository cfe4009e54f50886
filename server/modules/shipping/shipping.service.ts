import type { PaymentMode } from '../../../common/schemas/order';
import { type Serviceability, SHIPPING_MESSAGES } from '../../../common/schemas/shipping';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import type { ProviderLogger } from '../../providers/logger';
import { type ShippingProvider, ShippingProviderError } from '../../providers/shipping/shipping-provider';
import { createShippingRepository, type ShipmentChanges, type ShipmentRow } from './shipping.repository';

export type { ShipmentChanges, ShipmentRow } from './shipping.repository';
export type { ShipmentStatus } from './shipping.schema';

/** 503: the courier could not be asked (down, slow, refusing our credentials). */
export class ShippingUnavailableError extends DomainError {
  constructor() {
    super(503, SHIPPING_MESSAGES.unavailable, 'SHIPPING_UNAVAILABLE');
  }
}

/** Why the shop refuses to send an order there: the pincode and message for a 400. */
export interface DeliveryRefusal {
  code: 'NOT_SERVICEABLE' | 'COD_UNAVAILABLE';
  message: string;
}

/**
 * The shipping use cases: serviceability for shoppers and for checkout, and the shipment records the
 * shipping flows (server/flows/ship-order.ts) keep. Flows build it on their transaction.
 */
export function createShippingService(
  db: Db,
  { provider, log }: { provider: ShippingProvider; log?: ProviderLogger },
) {
  const repository = createShippingRepository(db);

  return {
    /** Whether the courier delivers to a valid pincode, with cash on delivery, and in how many days. */
    async serviceability(pincode: string): Promise<Serviceability> {
      try {
        return await provider.serviceability(pincode);
      } catch (error) {
        if (!(error instanceof ShippingProviderError)) throw error;
        log?.warn(`shipping: serviceability of ${pincode} unavailable (${error.message})`);
        throw new ShippingUnavailableError();
      }
    },

    /**
     * Why an order to this pincode must be refused (no delivery there, or no cash on delivery for a COD
     * order), or null. When the courier cannot be asked, the order is taken: a courier outage should not
     * stop every sale, and the booking job reports any shipment it cannot book (docs/decisions/007).
     */
    async deliveryRefusal(pincode: string, paymentMode: PaymentMode): Promise<DeliveryRefusal | null> {
      let answer: Serviceability;
      try {
        answer = await provider.serviceability(pincode);
      } catch (error) {
        if (!(error instanceof ShippingProviderError)) throw error;
        log?.warn(`shipping: serviceability of ${pincode} unavailable, taking the order (${error.message})`);
        return null;
      }
      if (!answer.serviceable) {
        return { code: 'NOT_SERVICEABLE', message: SHIPPING_MESSAGES.notServiceable(pincode) };
      }
      if (paymentMode === 'COD' && !answer.codAvailable) {
        return { code: 'COD_UNAVAILABLE', message: SHIPPING_MESSAGES.codUnavailable(pincode) };
      }
      return null;
    },

    /** Opens a shipment, due at once, for each of these orders that has none. */
    openShipments(orderIds: readonly string[], at: Date): Promise<number> {
      return repository.openMissing(orderIds, provider.name, at);
    },

    /** Claims the shipments due at `now` until `until` (a lease), at most `limit`. */
    claimDue(now: Date, until: Date, limit: number): Promise<ShipmentRow[]> {
      return repository.claimDue(now, until, limit);
    },

    /** The shipment with this AWB at the current courier. */
    findByAwb(awb: string): Promise<ShipmentRow | undefined> {
      return repository.findByAwb(provider.name, awb);
    },

    update(orderId: string, changes: ShipmentChanges, at: Date): Promise<void> {
      return repository.update(orderId, changes, at);
    },

    /** Records a webhook by its key; false when the same update was handled before. */
    recordWebhook(
      event: { eventKey: string; awb: string; courierStatus: string },
      at: Date,
    ): Promise<boolean> {
      return repository.recordEvent({ provider: provider.name, ...event, receivedAt: at });
    },

    /** Forgets webhook keys received before `before` (a courier repeats an update within minutes). */
    forgetWebhooksBefore(before: Date): Promise<number> {
      return repository.deleteEventsBefore(before);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
