import { MINUTE } from '../../../common/constants';
import { retryDelayMs } from '../../../common/retry-delay';
import type { PaymentMode } from '../../../common/schemas/order';
import { type Serviceability, SHIPPING_MESSAGES } from '../../../common/schemas/shipping';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import type { ProviderLogger } from '../../providers/logger';
import { type ShippingProvider, ShippingProviderError } from '../../providers/shipping/shipping-provider';
import { createShippingRepository, type ShipmentChanges, type ShipmentRow } from './shipping.repository';

export type { ShipmentChanges, ShipmentRow } from './shipping.repository';
export type { ShipmentStatus } from './shipping.schema';

/** How long a worker holds a shipment it calls the courier about; one that dies leaves it due again after. */
export const SHIPMENT_LEASE_MS = 5 * MINUTE;
/** After this many failed cancellations (about four hours) the job stops and staff must look (it is logged). */
export const MAX_CANCEL_ATTEMPTS = 10;

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
 * The shipping use cases: serviceability for shoppers and for checkout, the shipment records the
 * shipping flows (server/flows/ship-order.ts) keep, and cancelling a booked shipment at the courier.
 * Flows build it on their transaction.
 */
export function createShippingService(
  db: Db,
  {
    provider,
    log,
    now = () => new Date(),
  }: { provider: ShippingProvider; log?: ProviderLogger; now?: () => Date },
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

    /** The order's shipment as it is now (staff read it), without a lock. */
    findForOrder(orderId: string): Promise<ShipmentRow | undefined> {
      return repository.find(orderId);
    },

    /** The order's shipment, locked until the transaction ends. */
    lock(orderId: string): Promise<ShipmentRow | undefined> {
      return repository.lock(orderId);
    },

    /**
     * In the transaction that cancels the order (its row locked): the shipment stops for good. One
     * booked with the courier becomes due to be cancelled there, held for the caller for a lease;
     * it is answered so the caller can `cancelAtCourier` once committed (else the job does, after
     * the lease). Undefined when the courier has nothing to cancel. A booking in flight meanwhile
     * finds the shipment cancelled when it stores the courier's answer (ship-order.ts).
     */
    async stopForCancelledOrder(orderId: string, at: Date): Promise<ShipmentRow | undefined> {
      const shipment = await repository.lock(orderId);
      if (!shipment) return undefined;
      const booked = shipment.providerShipmentId !== null && shipment.courierCancelledAt === null;
      const changes: ShipmentChanges = {
        status: 'Cancelled',
        nextStepAt: booked ? new Date(at.getTime() + SHIPMENT_LEASE_MS) : null,
        attempts: 0,
        lastError: null,
      };
      await repository.update(orderId, changes, at);
      return booked ? { ...shipment, ...changes, updatedAt: at } : undefined;
    },

    /**
     * Cancels a cancelled order's booked shipment at the courier, for a caller holding its lease.
     * Never throws: a failure is kept on the row and tried again by the shipping job with back-off,
     * and logged for staff once it stops trying.
     */
    async cancelAtCourier(shipment: ShipmentRow): Promise<'cancelled' | 'failed'> {
      const { orderId, providerShipmentId, providerOrderId } = shipment;
      const attempts = shipment.attempts + 1;
      const fail = async (message: string, last: boolean) => {
        log?.warn(
          `shipping: cancelling the shipment of order ${orderId} failed (attempt ${attempts}${
            last ? ", the last one: cancel it in the courier's panel" : ', will retry'
          }): ${message}`,
        );
        const at = now();
        const nextStepAt = last ? null : new Date(at.getTime() + retryDelayMs(attempts));
        await repository.update(orderId, { attempts, lastError: message, nextStepAt }, at);
        return 'failed' as const;
      };
      if (!providerShipmentId) return fail('it was never booked with the courier', true);
      if (shipment.provider !== provider.name) {
        // Booked with a courier the shop no longer uses: this one cannot cancel it.
        return fail(`it was booked with ${shipment.provider}, which is no longer in use`, true);
      }
      try {
        await provider.cancelShipment({ providerShipmentId, providerOrderId });
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error), attempts >= MAX_CANCEL_ATTEMPTS);
      }
      const at = now();
      await repository.update(
        orderId,
        { courierCancelledAt: at, nextStepAt: null, attempts: 0, lastError: null },
        at,
      );
      return 'cancelled';
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
