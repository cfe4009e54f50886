import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { INDIAN_STATES_AND_UTS } from '../../common/indian-states';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, type Address } from '../../common/schemas/address';
import { TEXT_MESSAGES } from '../../common/schemas/text';
import { addresses } from '../modules/address/address.schema';
import { createAddressService } from '../modules/address/address.service';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

let t: TestApp;

const valid = {
  name: 'Asha Verma',
  phone: 9876543210,
  addressLine1: '12 Rangoli Lane',
  addressLine2: 'Near the temple',
  addressLine3: '',
  pincode: 302001,
  district: 'Jaipur',
  state: 'Rajasthan',
  country: 'India',
};

let shoppers = 0;
/** A new signed-in shopper, each from its own address (sign-ups are rate limited per address). */
async function shopper(): Promise<{ client: TestClient; userId: string }> {
  shoppers += 1;
  const client = createClient(t.app, {
    remoteAddress: `10.77.${Math.floor(shoppers / 250)}.${shoppers % 250}`,
  });
  const { user } = await signUp(client);
  return { client, userId: user._id };
}

const add = (client: TestClient, payload: object) =>
  client.request({ method: 'POST', url: API.address.collection, payload });

async function added(client: TestClient, payload: object = valid): Promise<Address> {
  const res = await add(client, payload);
  expect(res.statusCode).toBe(201);
  return res.json().address;
}

async function list(client: TestClient): Promise<Address[]> {
  const res = await client.request({ method: 'GET', url: API.address.collection });
  expect(res.statusCode).toBe(200);
  return res.json().addresses;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/users/address', () => {
  it('answers 201 {address} with the stored fields; phone and pincode come back as their digits', async () => {
    const { client } = await shopper();
    const res = await add(client, valid);
    expect(res.statusCode).toBe(201);
    const { address } = res.json();
    expect(address).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Asha Verma',
      phone: '9876543210',
      addressLine1: '12 Rangoli Lane',
      addressLine2: 'Near the temple',
      addressLine3: '',
      pincode: '302001',
      district: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      isDefault: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(address.createdAt))).toBe(false);
  });

  it('accepts phone and pincode as digit strings as well as integers', async () => {
    const { client } = await shopper();
    const address = await added(client, { ...valid, phone: ' 6000000000 ', pincode: '110001' });
    expect(address.phone).toBe('6000000000');
    expect(address.pincode).toBe('110001');
  });

  it('stores plain text: trimmed, markup kept as text', async () => {
    const { client } = await shopper();
    const address = await added(client, {
      ...valid,
      name: '  Asha Verma ',
      addressLine1: '<b>12</b> Rangoli Lane',
      addressLine2: undefined,
      addressLine3: undefined,
    });
    expect(address.name).toBe('Asha Verma');
    expect(address.addressLine1).toBe('<b>12</b> Rangoli Lane');
    expect(address.addressLine2).toBe('');
    expect(address.addressLine3).toBe('');
  });

  it('accepts every state and union territory of the list (36)', async () => {
    expect(INDIAN_STATES_AND_UTS).toHaveLength(36);
    const { client } = await shopper();
    for (const state of ['Delhi', 'Ladakh', 'Tamil Nadu', 'Dadra and Nagar Haveli and Daman and Diu']) {
      expect((await added(client, { ...valid, state })).state).toBe(state);
    }
  });

  const invalid: [string, string, unknown, string][] = [
    ['name', 'too short', 'A', ADDRESS_MESSAGES.nameMin],
    ['name', 'a control character', 'Asha\u0000 Verma', TEXT_MESSAGES.singleLine],
    ['name', 'an unpaired surrogate', 'Asha \udc00', TEXT_MESSAGES.surrogate],
    ['addressLine1', 'a line break', '12 Rangoli Lane\nJaipur', TEXT_MESSAGES.singleLine],
    ['name', 'too long', 'A'.repeat(61), ADDRESS_MESSAGES.nameMax],
    ['name', 'missing', undefined, ADDRESS_MESSAGES.required],
    ['phone', 'nine digits', 987654321, ADDRESS_MESSAGES.phone],
    ['phone', 'eleven digits', 98765432101, ADDRESS_MESSAGES.phone],
    ['phone', 'first digit 5', 5876543210, ADDRESS_MESSAGES.phone],
    ['phone', 'with +91', '+919876543210', ADDRESS_MESSAGES.phone],
    ['phone', 'a fraction', 9876543210.5, ADDRESS_MESSAGES.phone],
    ['phone', 'a boolean', true, ADDRESS_MESSAGES.phone],
    ['phone', 'missing', undefined, ADDRESS_MESSAGES.phone],
    ['pincode', 'five digits', 30200, ADDRESS_MESSAGES.pincode],
    ['pincode', 'starting with 0', '012345', ADDRESS_MESSAGES.pincode],
    ['pincode', 'seven digits', 3020011, ADDRESS_MESSAGES.pincode],
    ['pincode', 'negative', -302001, ADDRESS_MESSAGES.pincode],
    ['pincode', 'letters', '30200A', ADDRESS_MESSAGES.pincode],
    ['addressLine1', 'empty', '   ', ADDRESS_MESSAGES.required],
    ['addressLine1', 'missing', undefined, ADDRESS_MESSAGES.required],
    ['addressLine1', 'too long', 'x'.repeat(201), ADDRESS_MESSAGES.lineMax],
    ['addressLine2', 'too long', 'x'.repeat(201), ADDRESS_MESSAGES.lineMax],
    ['addressLine3', 'too long', 'x'.repeat(201), ADDRESS_MESSAGES.lineMax],
    ['district', 'empty', '', ADDRESS_MESSAGES.required],
    ['district', 'too long', 'x'.repeat(ADDRESS_LIMITS.districtMax + 1), ADDRESS_MESSAGES.districtMax],
    ['state', 'not in the list', 'Atlantis', ADDRESS_MESSAGES.state],
    ['state', 'wrong case', 'rajasthan', ADDRESS_MESSAGES.state],
    ['state', 'missing', undefined, ADDRESS_MESSAGES.required],
    ['country', 'another country', 'Nepal', ADDRESS_MESSAGES.country],
    ['country', 'missing', undefined, ADDRESS_MESSAGES.required],
  ];

  it.each(invalid)('answers 422 naming %s when it is %s', async (field, _case, value, msg) => {
    const { client } = await shopper();
    const res = await add(client, { ...valid, [field]: value });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors).toEqual([{ path: field, msg }]);
    expect(await list(client)).toEqual([]);
  });

  it('names every invalid field at once', async () => {
    const { client } = await shopper();
    const res = await add(client, { ...valid, phone: 1, pincode: 1, state: 'Nowhere' });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['phone', 'pincode', 'state']);
  });

  it('answers 401 to a guest, whatever the body', async () => {
    const guest = createClient(t.app);
    expect((await add(guest, valid)).statusCode).toBe(401);
    expect((await add(guest, { name: 'x' })).statusCode).toBe(401);
    expect((await guest.request({ method: 'GET', url: API.address.collection })).statusCode).toBe(401);
    const id = randomUUID();
    expect(
      (await guest.request({ method: 'PUT', url: API.address.one(id), payload: valid })).statusCode,
    ).toBe(401);
    expect((await guest.request({ method: 'DELETE', url: API.address.one(id) })).statusCode).toBe(401);
    expect((await guest.request({ method: 'PATCH', url: API.address.setDefault(id) })).statusCode).toBe(401);
  });

  it('refuses every change without the CSRF token (403) and stores nothing', async () => {
    const { client } = await shopper();
    const kept = await added(client);
    const calls = [
      { method: 'POST' as const, url: API.address.collection, payload: valid },
      { method: 'PUT' as const, url: API.address.one(kept._id), payload: { ...valid, name: 'Changed' } },
      { method: 'PATCH' as const, url: API.address.setDefault(kept._id) },
      { method: 'DELETE' as const, url: API.address.one(kept._id) },
    ];
    for (const call of calls) {
      expect((await client.request({ ...call, csrf: false })).statusCode).toBe(403);
      const forged = await client.request({
        ...call,
        csrf: false,
        headers: { 'x-csrf-token': 'forged.token' },
      });
      expect(forged.statusCode).toBe(403);
    }
    expect(await list(client)).toEqual([kept]);
  });

  it(`keeps at most ${ADDRESS_LIMITS.perUser} addresses a shopper (409 after that)`, async () => {
    const { client } = await shopper();
    for (let i = 0; i < ADDRESS_LIMITS.perUser; i += 1) await added(client);
    const res = await add(client, valid);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TOO_MANY_ADDRESSES');
    expect(await list(client)).toHaveLength(ADDRESS_LIMITS.perUser);
  });
});

describe('listing, editing and deleting', () => {
  it('lists only the shopper’s own addresses, the default first then the newest', async () => {
    const { client } = await shopper();
    const other = await shopper();
    await added(other.client);
    const first = await added(client, { ...valid, name: 'First' });
    const second = await added(client, { ...valid, name: 'Second' });
    const third = await added(client, { ...valid, name: 'Third' });
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect((await list(client)).map((a) => a.name)).toEqual(['First', 'Third', 'Second']);
    expect((await list(client)).map((a) => a._id)).toEqual([first._id, third._id, second._id]);
  });

  it('PUT replaces the fields and answers 200 {address}', async () => {
    const { client } = await shopper();
    const address = await added(client);
    const res = await client.request({
      method: 'PUT',
      url: API.address.one(address._id),
      payload: { ...valid, name: 'Asha V', pincode: '560001', state: 'Karnataka', district: 'Bengaluru' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({
      _id: address._id,
      name: 'Asha V',
      pincode: '560001',
      state: 'Karnataka',
      district: 'Bengaluru',
      isDefault: true,
    });
    expect((await list(client))[0]?.name).toBe('Asha V');
  });

  it('PUT validates like POST (422 with the field’s path)', async () => {
    const { client } = await shopper();
    const address = await added(client);
    const res = await client.request({
      method: 'PUT',
      url: API.address.one(address._id),
      payload: { ...valid, pincode: 12 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'pincode', msg: ADDRESS_MESSAGES.pincode }]);
    expect((await list(client))[0]?.pincode).toBe('302001');
  });

  it('DELETE removes the address (200); deleting the default makes the newest remaining one the default', async () => {
    const { client } = await shopper();
    const first = await added(client, { ...valid, name: 'First' });
    const second = await added(client, { ...valid, name: 'Second' });
    const third = await added(client, { ...valid, name: 'Third' });
    const res = await client.request({ method: 'DELETE', url: API.address.one(first._id) });
    expect(res.statusCode).toBe(200);
    const left = await list(client);
    expect(left.map((a) => [a._id, a.isDefault])).toEqual([
      [third._id, true],
      [second._id, false],
    ]);
    expect((await client.request({ method: 'DELETE', url: API.address.one(first._id) })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { client } = await shopper();
    for (const id of [randomUUID(), 'not-an-id', '1 OR 1=1']) {
      expect(
        (await client.request({ method: 'PUT', url: API.address.one(id), payload: valid })).statusCode,
      ).toBe(404);
      expect((await client.request({ method: 'DELETE', url: API.address.one(id) })).statusCode).toBe(404);
      expect((await client.request({ method: 'PATCH', url: API.address.setDefault(id) })).statusCode).toBe(
        404,
      );
    }
  });
});

describe('another shopper’s address (IDOR)', () => {
  it('answers 404 to PUT, PATCH default and DELETE, leaves it unchanged, and never lists it', async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const address = await added(owner.client);
    await added(intruder.client, { ...valid, name: 'Intruder' });

    const put = await intruder.client.request({
      method: 'PUT',
      url: API.address.one(address._id),
      payload: { ...valid, name: 'Hijacked', isDefault: true },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Address not found.');
    expect(
      (await intruder.client.request({ method: 'PATCH', url: API.address.setDefault(address._id) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await intruder.client.request({ method: 'DELETE', url: API.address.one(address._id) })).statusCode,
    ).toBe(404);
    expect((await list(intruder.client)).map((a) => a.name)).toEqual(['Intruder']);
    expect(await list(owner.client)).toEqual([address]);
  });

  it('getOwnedAddress gives the owner’s address and null for anyone else or a bad id', async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const address = await added(owner.client);
    const service = createAddressService(t.database.db);
    expect(await service.getOwnedAddress(owner.userId, address._id)).toEqual(address);
    expect(await service.getOwnedAddress(owner.userId, address._id.toUpperCase())).toEqual(address);
    expect(await service.getOwnedAddress(intruder.userId, address._id)).toBeNull();
    expect(await service.getOwnedAddress(owner.userId, randomUUID())).toBeNull();
    expect(await service.getOwnedAddress(owner.userId, 'nope')).toBeNull();
  });
});

describe('one default per shopper', () => {
  const defaults = async (userId: string) =>
    (await t.database.db.select().from(addresses).where(eq(addresses.userId, userId))).filter(
      (a) => a.isDefault,
    );

  it('PATCH …/default moves the default; the old one is cleared', async () => {
    const { client, userId } = await shopper();
    const first = await added(client);
    const second = await added(client);
    const res = await client.request({ method: 'PATCH', url: API.address.setDefault(second._id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({ _id: second._id, isDefault: true });
    expect((await list(client)).map((a) => [a._id, a.isDefault])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
    expect((await defaults(userId)).map((a) => a.id)).toEqual([second._id]);
  });

  it('POST and PUT with isDefault true take the default over', async () => {
    const { client, userId } = await shopper();
    await added(client);
    const second = await added(client, { ...valid, isDefault: true });
    expect(second.isDefault).toBe(true);
    expect((await defaults(userId)).map((a) => a.id)).toEqual([second._id]);
    const third = await added(client);
    const res = await client.request({
      method: 'PUT',
      url: API.address.one(third._id),
      payload: { ...valid, isDefault: true },
    });
    expect(res.json().address.isDefault).toBe(true);
    expect((await defaults(userId)).map((a) => a.id)).toEqual([third._id]);
  });

  it('leaves exactly one default when many changes race', async () => {
    const { client, userId } = await shopper();
    const made = await Promise.all(
      Array.from({ length: 4 }, () => add(client, { ...valid, isDefault: true })),
    );
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = made.map((r) => r.json().address._id as string);
    const switched = await Promise.all(
      ids.map((id) => client.request({ method: 'PATCH', url: API.address.setDefault(id) })),
    );
    expect(switched.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await defaults(userId)).toHaveLength(1);
  });
});
