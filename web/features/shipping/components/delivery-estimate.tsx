import type { PaymentMode } from '../../../../common/schemas/order';
import { useServiceability } from '../api/check-serviceability';
import { SHIPPING_TEXTS } from '../texts';
import { ServiceabilityAnswer } from './serviceability-answer';

/**
 * Checkout's delivery line for the chosen address: the delivery date, and a warning when cash on
 * delivery is chosen where the courier takes no cash, or when it does not deliver there at all (the
 * server refuses both orders; this says so before the shopper tries).
 */
export function DeliveryEstimate({ pincode, paymentMode }: { pincode: string; paymentMode: PaymentMode }) {
  const query = useServiceability(pincode);
  return (
    <div role="status" className="mt-3 rounded-lg bg-brand-50 px-3 py-2">
      <p className="text-xs text-stone-600">{SHIPPING_TEXTS.deliveryTo(pincode)}</p>
      <ServiceabilityAnswer
        pincode={pincode}
        query={query}
        loading={SHIPPING_TEXTS.checkingAddress(pincode)}
        codNote={(answer) =>
          paymentMode === 'COD' && !answer.codAvailable
            ? { text: SHIPPING_TEXTS.codUnavailableAtCheckout(pincode), warn: true }
            : null
        }
      />
    </div>
  );
}
