import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PINCODE_PATTERN } from '../../../common/schemas/address';
import { createLocalShippingProvider, LOCAL_COURIER_NAME, localServiceability } from './local';
import type { ShipmentRequest } from './shipping-provider';

const validPincode = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 99_999 }))
  .map(([zone, rest]) => `${zone}${String(rest).padStart(5, '0')}`);

describe('the local courier simulator: serviceability', () => {
  it('delivers to the metros in 2 days with cash on delivery', () => {
    for (const pincode of ['110001', '400020', '411001', '380009', '500032', '560034', '600004', '700019']) {
      expect(localServiceability(pincode), pincode).toEqual({
        serviceable: true,
        codAvailable: true,
        etaDays: 2,
      });
    }
  });

  it('takes 3 to 5 days by postal zone elsewhere', () => {
    expect(localServiceability('302001')).toEqual({ serviceable: true, codAvailable: true, etaDays: 3 });
    expect(localServiceability('226001')).toEqual({ serviceable: true, codAvailable: true, etaDays: 4 });
    expect(localServiceability('682001')).toEqual({ serviceable: true, codAvailable: true, etaDays: 5 });
    expect(localServiceability('800001')).toEqual({ serviceable: true, codAvailable: true, etaDays: 5 });
  });

  it('takes longer to the hills and the North-East, and takes no cash in J&K, Ladakh and beyond Assam', () => {
    expect(localServiceability('171001')).toEqual({ serviceable: true, codAvailable: true, etaDays: 6 });
    expect(localServiceability('781001')).toEqual({ serviceable: true, codAvailable: true, etaDays: 6 });
    expect(localServiceability('190001')).toEqual({ serviceable: true, codAvailable: false, etaDays: 7 });
    expect(localServiceability('194101')).toEqual({ serviceable: true, codAvailable: false, etaDays: 7 });
    expect(localServiceability('180001')).toEqual({ serviceable: true, codAvailable: false, etaDays: 7 });
    expect(localServiceability('795001')).toEqual({ serviceable: true, codAvailable: false, etaDays: 7 });
  });

  it('does not deliver to the Army Postal Service, the Andaman and Nicobar Islands or Lakshadweep', () => {
    for (const pincode of ['900001', '999999', '744101', '744301', '682555', '682559']) {
      expect(localServiceability(pincode), pincode).toEqual({
        serviceable: false,
        codAvailable: false,
        etaDays: null,
      });
    }
    // Kerala around Lakshadweep's prefix is served.
    expect(localServiceability('682560').serviceable).toBe(true);
    expect(localServiceability('743101').serviceable).toBe(true);
  });

  it('answers every valid pincode deterministically, within 2–7 days, COD only where it delivers', () => {
    fc.assert(
      fc.property(validPincode, (pincode) => {
        expect(pincode).toMatch(PINCODE_PATTERN);
        const answer = localServiceability(pincode);
        expect(localServiceability(pincode)).toEqual(answer);
        if (answer.serviceable) {
          expect(answer.etaDays).toBeGreaterThanOrEqual(2);
          expect(answer.etaDays).toBeLessThanOrEqual(7);
        } else {
          expect(answer).toEqual({ serviceable: false, codAvailable: false, etaDays: null });
        }
        expect(answer.serviceable).toBe(!/^(9|744|68255)/.test(pincode));
      }),
      { numRuns: 500, examples: [['744101'], ['682555']] },
    );
  });
});

const request = (pincode: string): ShipmentRequest => ({
  orderId: '6f1c2d3e-0000-4000-8000-000000000001',
  orderNumber: 'PNV-2611-7K3Q9',
  placedAt: new Date('2026-11-22T10:00:00Z'),
  paymentMode: 'COD',
  email: 'asha@example.in',
  address: {
    _id: 'a1',
    name: 'Asha Verma',
    phone: '9876543210',
    addressLine1: '12 Rangoli Lane',
    addressLine2: '',
    addressLine3: '',
    pincode,
    district: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
  },
  items: [],
  itemsPaise: 49_900,
  shippingPaise: 4_900,
  taxPaise: 0,
  discountPaise: 0,
  totalPaise: 54_800,
});

describe('the local courier simulator: booking', () => {
  const local = createLocalShippingProvider({ stepMs: 120_000 });

  it('steps every stepMs and sends no webhooks', () => {
    expect(local.name).toBe('local');
    expect(local.simulation).toEqual({ stepMs: 120_000 });
    expect(local.webhook).toBeUndefined();
  });

  it('books at once and assigns a stable 10-digit AWB', async () => {
    const { providerShipmentId, providerOrderId } = await local.createShipment(request('302001'));
    expect(providerShipmentId).toBe('LOCAL-PNV-2611-7K3Q9');
    expect(providerOrderId).toBe('LOCAL-PNV-2611-7K3Q9');
    const first = await local.assignAwb(providerShipmentId);
    expect(first).toEqual({ awb: expect.stringMatching(/^LX[0-9]{10}$/), courier: LOCAL_COURIER_NAME });
    expect(await local.assignAwb(providerShipmentId)).toEqual(first);
    expect((await local.assignAwb('LOCAL-PNV-2611-AAAAA')).awb).not.toBe(first.awb);
  });

  it('refuses to book a shipment to a pincode it does not reach', async () => {
    await expect(local.createShipment(request('744101'))).rejects.toThrow(
      'the simulated courier does not deliver to 744101',
    );
  });
});
