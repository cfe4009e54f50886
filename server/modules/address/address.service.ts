import { isIndianState } from '../../../common/indian-states';
import {
  ADDRESS_LIMITS,
  type Address,
  type AddressFields,
  type AddressList,
} from '../../../common/schemas/address';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { type AddressRow, createAddressRepository } from './address.repository';

export const ADDRESS_NOT_FOUND = 'Address not found.';
export const TOO_MANY_ADDRESSES = `You can keep at most ${ADDRESS_LIMITS.perUser} addresses. Delete one to add another.`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The API shape of a stored address (DESIGN.md §5: `_id`, ISO timestamps). */
export function addressOf(row: AddressRow): Address {
  // Rows are only ever written through the validated schema; a state outside the list would be a bug.
  if (!isIndianState(row.state)) throw new Error(`address ${row.id} has an unknown state`);
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    addressLine3: row.addressLine3,
    pincode: row.pincode,
    district: row.district,
    state: row.state,
    country: 'India',
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A malformed id cannot name an address: it is simply not found, without asking the database. */
function isAddressId(addressId: string): boolean {
  return UUID.test(addressId);
}

function withoutDefault({ isDefault: _isDefault, ...values }: AddressFields) {
  return values;
}

/**
 * The address use cases. Every call is scoped to the shopper: another shopper's address id answers
 * 404 exactly like an unknown one, so ids reveal nothing. One default per shopper, changed in one
 * transaction (and guarded by a partial unique index).
 */
export function createAddressService(db: Db) {
  const repository = createAddressRepository(db);
  return {
    /** The shopper's address, or null when the id is malformed, unknown or someone else's (for checkout). */
    async getOwnedAddress(userId: string, addressId: string): Promise<Address | null> {
      if (!isAddressId(addressId)) return null;
      const row = await repository.findOwned(userId, addressId.toLowerCase());
      return row ? addressOf(row) : null;
    },

    /** The default first, then the newest. */
    async list(userId: string): Promise<AddressList> {
      return { addresses: (await repository.list(userId)).map(addressOf) };
    },

    /** Adds an address; the shopper's first address becomes the default, as does one sent with isDefault. */
    async add(userId: string, fields: AddressFields): Promise<Address> {
      return repository.withUserLock(userId, async (q) => {
        if ((await q.countFor(userId)) >= ADDRESS_LIMITS.perUser) {
          throw new ConflictError(TOO_MANY_ADDRESSES, 'TOO_MANY_ADDRESSES');
        }
        const makeDefault = fields.isDefault === true || !(await q.hasDefault(userId));
        if (makeDefault) await q.clearDefault(userId);
        return addressOf(await q.insert(userId, withoutDefault(fields), makeDefault));
      });
    },

    /** Replaces the fields; isDefault true also makes it the default (false leaves the default alone). */
    async update(userId: string, addressId: string, fields: AddressFields): Promise<Address> {
      if (!isAddressId(addressId)) throw new NotFoundError(ADDRESS_NOT_FOUND);
      const id = addressId.toLowerCase();
      return repository.withUserLock(userId, async (q) => {
        const updated = await q.update(userId, id, withoutDefault(fields));
        if (!updated) throw new NotFoundError(ADDRESS_NOT_FOUND);
        if (fields.isDefault !== true || updated.isDefault) return addressOf(updated);
        await q.clearDefault(userId, id);
        const marked = await q.markDefault(userId, id);
        if (!marked) throw new NotFoundError(ADDRESS_NOT_FOUND);
        return addressOf(marked);
      });
    },

    /** Makes the address the shopper's one default; idempotent. */
    async setDefault(userId: string, addressId: string): Promise<Address> {
      if (!isAddressId(addressId)) throw new NotFoundError(ADDRESS_NOT_FOUND);
      const id = addressId.toLowerCase();
      return repository.withUserLock(userId, async (q) => {
        if (!(await q.findOwned(userId, id))) throw new NotFoundError(ADDRESS_NOT_FOUND);
        await q.clearDefault(userId, id);
        const marked = await q.markDefault(userId, id);
        if (!marked) throw new NotFoundError(ADDRESS_NOT_FOUND);
        return addressOf(marked);
      });
    },

    /** Deletes the address; when it was the default, the newest remaining address becomes the default. */
    async remove(userId: string, addressId: string): Promise<void> {
      if (!isAddressId(addressId)) throw new NotFoundError(ADDRESS_NOT_FOUND);
      await repository.withUserLock(userId, async (q) => {
        const removed = await q.remove(userId, addressId.toLowerCase());
        if (!removed) throw new NotFoundError(ADDRESS_NOT_FOUND);
        if (!removed.isDefault) return;
        const next = await q.newest(userId);
        if (next) await q.markDefault(userId, next.id);
      });
    },

    /** Forgets an erased account's address book (orders keep their own copy); answers how many went. */
    forgetAccount(userId: string): Promise<number> {
      return repository.removeAll(userId);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
