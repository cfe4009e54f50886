import { createHash } from 'node:crypto';
import type { Serviceability } from '../../../common/schemas/shipping';
import { type ShippingProvider, ShippingProviderError } from './shipping-provider';

/**
 * Pincodes the simulated courier does not reach, by prefix (docs/decisions/007-courier.md):
 * 9xxxxx is the Army Postal Service (the forces' own post, not couriers); 744xxx are the Andaman and
 * Nicobar Islands and 68255x Lakshadweep, islands a surface courier does not serve. Try 744101 (Port
 * Blair) in the demo shop.
 */
export const LOCAL_NOT_SERVICEABLE_PREFIXES = ['9', '744', '68255'] as const;

/**
 * Where the simulated courier takes no cash, as Indian couriers often do: Jammu and Kashmir and Ladakh
 * (18, 19) and the North-Eastern states beyond Assam (79). Try 190001 (Srinagar) in the demo shop.
 */
export const LOCAL_NO_COD_PREFIXES = ['18', '19', '79'] as const;

/**
 * Days to deliver, by the longest matching prefix: 2 to the metro cities, 3–5 by postal zone (the
 * first digit), 6–7 to the hills and the North-East.
 */
const ETA_DAYS: Record<string, number> = {
  // Metros: Delhi, Mumbai, Pune, Ahmedabad, Hyderabad, Bengaluru, Chennai, Kolkata.
  '110': 2,
  '400': 2,
  '411': 2,
  '380': 2,
  '500': 2,
  '560': 2,
  '600': 2,
  '700': 2,
  // Postal zones: North, Uttar Pradesh, West (two zones), South (two zones), East, Bihar and Jharkhand.
  '1': 3,
  '2': 4,
  '3': 3,
  '4': 3,
  '5': 4,
  '6': 5,
  '7': 5,
  '8': 5,
  // Himachal Pradesh, Jammu and Kashmir, Ladakh, Assam, and the rest of the North-East.
  '17': 6,
  '18': 7,
  '19': 7,
  '78': 6,
  '79': 7,
};

const startsWithAny = (pincode: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => pincode.startsWith(prefix));

/** The simulated courier's answer for a valid pincode: the same pincode always gets the same answer. */
export function localServiceability(pincode: string): Serviceability {
  if (startsWithAny(pincode, LOCAL_NOT_SERVICEABLE_PREFIXES)) {
    return { serviceable: false, codAvailable: false, etaDays: null };
  }
  const prefix = [3, 2, 1].map((length) => pincode.slice(0, length)).find((p) => p in ETA_DAYS);
  return {
    serviceable: true,
    codAvailable: !startsWithAny(pincode, LOCAL_NO_COD_PREFIXES),
    etaDays: prefix ? (ETA_DAYS[prefix] as number) : 7,
  };
}

export const LOCAL_COURIER_NAME = 'Pehnava Express (simulated)';

/**
 * The courier simulator (SHIPPING_PROVIDER=local, the default): answers serviceability from the pincode
 * alone, books every shipment at once with a made-up AWB, and lets the shipping job move each shipment
 * one state every `stepMs`, so the demo shop's orders get delivered without any courier account.
 * Cancelling always succeeds: a cancelled shipment is simply never moved again.
 */
export function createLocalShippingProvider({ stepMs }: { stepMs: number }): ShippingProvider {
  return {
    name: 'local',
    simulation: { stepMs },
    async serviceability(pincode) {
      return localServiceability(pincode);
    },
    async createShipment({ orderNumber, address }) {
      if (!localServiceability(address.pincode).serviceable) {
        throw new ShippingProviderError(`the simulated courier does not deliver to ${address.pincode}`);
      }
      return { providerShipmentId: `LOCAL-${orderNumber}`, providerOrderId: `LOCAL-${orderNumber}` };
    },
    async assignAwb(providerShipmentId) {
      // Ten digits from the shipment id: stable for the same shipment, like a real AWB once assigned.
      const digits = BigInt(`0x${createHash('sha256').update(providerShipmentId).digest('hex').slice(0, 15)}`)
        .toString()
        .padStart(10, '0')
        .slice(-10);
      return { awb: `LX${digits}`, courier: LOCAL_COURIER_NAME };
    },
    async cancelShipment() {
      // The simulated courier keeps nothing of its own: its shipments are the shop's shipment rows,
      // which the shipping job stops moving once they are marked cancelled.
    },
  };
}
