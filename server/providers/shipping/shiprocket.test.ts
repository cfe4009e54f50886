import { afterEach, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../../common/constants';
import { silentLogger } from '../logger';
import { type FakeShiprocket, startFakeShiprocket } from './fake-shiprocket';
import { type ShipmentRequest, ShippingProviderError } from './shipping-provider';
import { createShiprocketShippingProvider, SHIPROCKET_PARCEL } from './shiprocket';

const EMAIL = 'api-user@pehnava.in';
const PASSWORD = 'Api#Secret2026';
const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';

let clock = Date.parse('2026-11-22T10:00:00Z');
const fakes: FakeShiprocket[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
  clock = Date.parse('2026-11-22T10:00:00Z');
});

async function setUp(overrides: { password?: string } = {}) {
  const fake = await startFakeShiprocket({
    email: EMAIL,
    password: PASSWORD,
    tokenExpiresAt: () => Math.floor(clock / 1000) + 240 * 3600,
  });
  fakes.push(fake);
  const shiprocket = createShiprocketShippingProvider({
    email: EMAIL,
    password: overrides.password ?? PASSWORD,
    pickupPincode: '110020',
    pickupLocation: 'Okhla Warehouse',
    webhookToken: WEBHOOK_TOKEN,
    log: silentLogger,
    baseUrl: fake.url,
    now: () => clock,
  });
  return { fake, shiprocket };
}

const calls = (fake: FakeShiprocket, path: string) => fake.requests.filter((r) => r.path === path);

const request: ShipmentRequest = {
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
    addressLine2: 'Near the temple',
    addressLine3: 'C-Scheme',
    pincode: '302001',
    district: 'Jaipur',
    state: 'Rajasthan',
    country: 'India',
  },
  items: [
    {
      productId: 'b7e4a1f0-1111-4000-8000-000000000002',
      name: 'Cotton Kurta',
      color: 'White',
      size: 'M',
      quantity: 2,
      pricePaise: 49_900,
    },
  ],
  itemsPaise: 99_800,
  shippingPaise: 4_900,
  taxPaise: 0,
  discountPaise: 0,
  totalPaise: 104_700,
};

describe('Shiprocket: serviceability', () => {
  it('logs in, then asks with the pickup pincode and the bearer token', async () => {
    const { fake, shiprocket } = await setUp();
    expect(await shiprocket.serviceability('302001')).toEqual({
      serviceable: true,
      codAvailable: true,
      etaDays: 3,
    });
    const [login] = calls(fake, '/v1/external/auth/login');
    expect(login?.body).toEqual({ email: EMAIL, password: PASSWORD });
    const [asked] = calls(fake, '/v1/external/courier/serviceability/');
    expect(asked).toMatchObject({
      method: 'GET',
      query: { pickup_postcode: '110020', delivery_postcode: '302001', weight: '0.5', cod: '0' },
      authorization: expect.stringMatching(/^Bearer ey/),
    });
  });

  it('says where no courier collects cash, and where none delivers', async () => {
    const { fake, shiprocket } = await setUp();
    fake.noCod.add('190001');
    fake.notServiceable.add('744101');
    expect(await shiprocket.serviceability('190001')).toEqual({
      serviceable: true,
      codAvailable: false,
      etaDays: 3,
    });
    expect(await shiprocket.serviceability('744101')).toEqual({
      serviceable: false,
      codAvailable: false,
      etaDays: null,
    });
  });

  it('treats an answer with no courier as not serviceable', async () => {
    const { fake, shiprocket } = await setUp();
    fake.answerNext('/v1/external/courier/serviceability/', {
      status: 200,
      body: { status: 200, data: { available_courier_companies: [] } },
    });
    expect(await shiprocket.serviceability('560034')).toEqual({
      serviceable: false,
      codAvailable: false,
      etaDays: null,
    });
  });

  it('reuses an answer for 15 minutes', async () => {
    const { fake, shiprocket } = await setUp();
    await shiprocket.serviceability('302001');
    clock += 14 * MINUTE;
    await shiprocket.serviceability('302001');
    expect(calls(fake, '/v1/external/courier/serviceability/')).toHaveLength(1);
    clock += 2 * MINUTE;
    await shiprocket.serviceability('302001');
    expect(calls(fake, '/v1/external/courier/serviceability/')).toHaveLength(2);
  });

  it('maps an error answer to a clear error', async () => {
    const { fake, shiprocket } = await setUp();
    fake.answerNext('/v1/external/courier/serviceability/', {
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { pickup_postcode: ['Invalid pickup postcode'] } },
    });
    const failure = shiprocket.serviceability('302001');
    await expect(failure).rejects.toBeInstanceOf(ShippingProviderError);
    await expect(failure).rejects.toThrow(
      'Shiprocket serviceability failed (HTTP 422: Oops! Invalid Data.: pickup_postcode: Invalid pickup postcode)',
    );
  });
});

describe('Shiprocket: the token', () => {
  it('logs in once for many calls, also when they start at the same moment', async () => {
    const { fake, shiprocket } = await setUp();
    await Promise.all(['110001', '400020', '560034'].map((pincode) => shiprocket.serviceability(pincode)));
    await shiprocket.serviceability('600004');
    expect(fake.logins).toBe(1);
    const tokens = new Set(calls(fake, '/v1/external/courier/serviceability/').map((r) => r.authorization));
    expect(tokens.size).toBe(1);
  });

  it('keeps the token until 12 hours before it expires, then logs in again', async () => {
    const { fake, shiprocket } = await setUp();
    await shiprocket.serviceability('110001');
    clock += 227 * HOUR;
    await shiprocket.serviceability('400020');
    expect(fake.logins).toBe(1);
    clock += 2 * HOUR;
    await shiprocket.serviceability('560034');
    expect(fake.logins).toBe(2);
  });

  it('logs in again once when Shiprocket answers 401 to a token it revoked', async () => {
    const { fake, shiprocket } = await setUp();
    await shiprocket.serviceability('110001');
    fake.revokeTokens();
    expect(await shiprocket.serviceability('400020')).toMatchObject({ serviceable: true });
    expect(fake.logins).toBe(2);
  });

  it('reports wrong credentials clearly', async () => {
    const { shiprocket } = await setUp({ password: 'wrong' });
    await expect(shiprocket.serviceability('110001')).rejects.toThrow(
      'Shiprocket login failed (HTTP 400: Invalid email and password combination)',
    );
  });

  it('reports an unreachable Shiprocket clearly', async () => {
    const { fake, shiprocket } = await setUp();
    await fake.close();
    await expect(shiprocket.serviceability('110001')).rejects.toThrow(/^Shiprocket could not be reached/);
  });
});

describe('Shiprocket: booking', () => {
  it('creates an adhoc order with the address, items and amounts, then assigns the AWB', async () => {
    const { fake, shiprocket } = await setUp();
    const { providerShipmentId, providerOrderId } = await shiprocket.createShipment(request);
    expect([providerShipmentId, providerOrderId]).toEqual(['880001', '770001']);
    const [created] = calls(fake, '/v1/external/orders/create/adhoc');
    expect(created?.body).toEqual({
      order_id: 'PNV-2611-7K3Q9',
      // 10:00 UTC is 15:30 in India.
      order_date: '2026-11-22 15:30',
      pickup_location: 'Okhla Warehouse',
      billing_customer_name: 'Asha Verma',
      billing_last_name: '',
      billing_address: '12 Rangoli Lane',
      billing_address_2: 'Near the temple, C-Scheme',
      billing_city: 'Jaipur',
      billing_pincode: 302001,
      billing_state: 'Rajasthan',
      billing_country: 'India',
      billing_email: 'asha@example.in',
      billing_phone: 9876543210,
      shipping_is_billing: true,
      order_items: [
        {
          name: 'Cotton Kurta (White, M)',
          sku: 'b7e4a1f0-1111-4000-8000-000000000002:White:M',
          units: 2,
          selling_price: 499,
        },
      ],
      payment_method: 'COD',
      shipping_charges: 49,
      sub_total: 998,
      total_discount: 0,
      length: SHIPROCKET_PARCEL.lengthCm,
      breadth: SHIPROCKET_PARCEL.breadthCm,
      height: SHIPROCKET_PARCEL.heightCm,
      weight: SHIPROCKET_PARCEL.weightKg,
    });

    expect(await shiprocket.assignAwb(providerShipmentId)).toEqual({
      awb: '1904880001',
      courier: 'Delhivery Surface',
    });
    expect(calls(fake, '/v1/external/courier/assign/awb')[0]?.body).toEqual({ shipment_id: 880001 });
    expect(fake.logins).toBe(1);
  });

  it('books a paid online order as Prepaid', async () => {
    const { fake, shiprocket } = await setUp();
    await shiprocket.createShipment({ ...request, paymentMode: 'ONLINE' });
    expect(calls(fake, '/v1/external/orders/create/adhoc')[0]?.body).toMatchObject({
      payment_method: 'Prepaid',
    });
  });

  it('reports a refused order with Shiprocket’s field errors, and a repeated order id', async () => {
    const { fake, shiprocket } = await setUp();
    fake.answerNext('/v1/external/orders/create/adhoc', {
      status: 422,
      body: {
        message: 'Oops! Invalid Data.',
        errors: { billing_phone: ['The billing phone must be 10 digits.'] },
      },
    });
    await expect(shiprocket.createShipment(request)).rejects.toThrow(
      'Shiprocket could not create the order PNV-2611-7K3Q9 (HTTP 422: Oops! Invalid Data.: billing_phone: The billing phone must be 10 digits.)',
    );
    await shiprocket.createShipment(request);
    await expect(shiprocket.createShipment(request)).rejects.toThrow(
      'Shiprocket could not create the order PNV-2611-7K3Q9 (HTTP 422: Order Id already exists.)',
    );
  });

  it('reports an AWB that could not be assigned', async () => {
    const { shiprocket } = await setUp();
    await expect(shiprocket.assignAwb('123')).rejects.toThrow(
      'Shiprocket could not assign an AWB to shipment 123 (Shipment not found)',
    );
  });
});

describe('Shiprocket: cancelling', () => {
  const CANCEL = '/v1/external/orders/cancel';

  it('cancels by Shiprocket’s order id with the bearer token; the cancelled order gets no AWB', async () => {
    const { fake, shiprocket } = await setUp();
    const booking = await shiprocket.createShipment(request);
    await shiprocket.cancelShipment(booking);
    expect(calls(fake, CANCEL).map((r) => r.body)).toEqual([{ ids: [770001] }]);
    expect(calls(fake, CANCEL)[0]?.authorization).toMatch(/^Bearer .+/);
    expect([...fake.cancelled]).toEqual([770001]);
    await expect(shiprocket.assignAwb(booking.providerShipmentId)).rejects.toThrow(
      'Shiprocket could not assign an AWB to shipment 880001 (Order is cancelled)',
    );
  });

  it('reports a refused or failed cancellation with Shiprocket’s words', async () => {
    const { fake, shiprocket } = await setUp();
    await expect(
      shiprocket.cancelShipment({ providerShipmentId: '880404', providerOrderId: '770404' }),
    ).rejects.toThrow('Shiprocket could not cancel the order 770404 (HTTP 400: Order 770404 not found.)');
    const booking = await shiprocket.createShipment(request);
    fake.answerNext(CANCEL, { status: 502, body: 'Bad Gateway' });
    const failure = shiprocket.cancelShipment(booking);
    await expect(failure).rejects.toThrow(ShippingProviderError);
    await expect(failure).rejects.toThrow('Shiprocket could not cancel the order 770001 (HTTP 502)');
    expect(fake.cancelled.size).toBe(0);
  });

  it('refuses, without calling, a shipment whose Shiprocket order id was never recorded', async () => {
    const { fake, shiprocket } = await setUp();
    await expect(
      shiprocket.cancelShipment({ providerShipmentId: '880001', providerOrderId: null }),
    ).rejects.toThrow("Shiprocket's order of shipment 880001 is not known: cancel it in Shiprocket's panel");
    expect(calls(fake, CANCEL)).toEqual([]);
  });
});

describe('Shiprocket: the tracking webhook', () => {
  it('accepts only the configured token in x-api-key', async () => {
    const { shiprocket } = await setUp();
    const webhook = shiprocket.webhook;
    expect(webhook?.verify({ 'x-api-key': WEBHOOK_TOKEN })).toBe(true);
    expect(webhook?.verify({ 'x-api-key': `${WEBHOOK_TOKEN}x` })).toBe(false);
    expect(webhook?.verify({ 'x-api-key': 'short' })).toBe(false);
    expect(webhook?.verify({ 'x-api-key': '' })).toBe(false);
    expect(webhook?.verify({})).toBe(false);
    expect(webhook?.verify({ 'x-api-key': [WEBHOOK_TOKEN, WEBHOOK_TOKEN] })).toBe(false);
  });

  it('maps Shiprocket’s statuses to the shop’s delivery states', async () => {
    const { shiprocket } = await setUp();
    const statusOf = (shipment_status: string) =>
      shiprocket.webhook?.parse({
        awb: 19041424751540,
        shipment_status,
        current_timestamp: '23 05 2023 11:43:52',
      })?.status;
    expect(statusOf('PICKED UP')).toBe('Shipped');
    expect(statusOf('IN TRANSIT')).toBe('Shipped');
    expect(statusOf('Out For Delivery')).toBe('Out for Delivery');
    expect(statusOf('DELIVERED')).toBe('Delivered');
    expect(statusOf('RTO INITIATED')).toBe('Failed');
    expect(statusOf('RTO_DELIVERED')).toBe('Failed');
    // A failed attempt is tried again; scans before pickup mean nothing to the shopper.
    expect(statusOf('UNDELIVERED')).toBeNull();
    expect(statusOf('MANIFEST GENERATED')).toBeNull();
  });

  it('reads the AWB and the courier’s words, and keys an update by its content', async () => {
    const { shiprocket } = await setUp();
    const update = {
      awb: '19041424751540',
      current_status: 'IN TRANSIT',
      shipment_status: 'IN TRANSIT',
      current_timestamp: '23 05 2023 11:43:52',
      is_return: 0,
    };
    const parsed = shiprocket.webhook?.parse(update);
    expect(parsed).toEqual({
      awb: '19041424751540',
      status: 'Shipped',
      courierStatus: 'IN TRANSIT',
      eventKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(shiprocket.webhook?.parse({ ...update })?.eventKey).toBe(parsed?.eventKey);
    expect(
      shiprocket.webhook?.parse({ ...update, current_timestamp: '24 05 2023 09:00:00' })?.eventKey,
    ).not.toBe(parsed?.eventKey);
  });

  it('ignores return shipments and bodies without an AWB', async () => {
    const { shiprocket } = await setUp();
    expect(shiprocket.webhook?.parse({ awb: '1', shipment_status: 'DELIVERED', is_return: 1 })).toBeNull();
    expect(shiprocket.webhook?.parse({ shipment_status: 'DELIVERED' })).toBeNull();
    expect(shiprocket.webhook?.parse('nonsense')).toBeNull();
  });
});
