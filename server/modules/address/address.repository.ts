import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AddressFields } from '../../../common/schemas/address';
import type { Db } from '../../db/client';
import { addresses } from './address.schema';

export type AddressRow = typeof addresses.$inferSelect;
/** The stored fields of an address; whether it is the default is decided separately. */
export type AddressValues = Omit<AddressFields, 'isDefault'>;

/** The default first, then the newest (the id breaks ties, so the order is stable). */
const listOrder = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)];

function createQueries(db: Db) {
  const owned = (userId: string, addressId: string) =>
    and(eq(addresses.userId, userId), eq(addresses.id, addressId));

  return {
    async list(userId: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(...listOrder);
    },

    async findOwned(userId: string, addressId: string): Promise<AddressRow | undefined> {
      const [row] = await db.select().from(addresses).where(owned(userId, addressId));
      return row;
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return row?.n ?? 0;
    },

    async hasDefault(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
      return row !== undefined;
    },

    async insert(userId: string, values: AddressValues, isDefault: boolean): Promise<AddressRow> {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, userId, isDefault })
        .returning();
      if (!row) throw new Error('insert into addresses returned no row');
      return row;
    },

    async update(userId: string, addressId: string, values: AddressValues): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(userId, addressId))
        .returning();
      return row;
    },

    async remove(userId: string, addressId: string): Promise<AddressRow | undefined> {
      const [row] = await db.delete(addresses).where(owned(userId, addressId)).returning();
      return row;
    },

    /** Deletes every address of the account; answers how many there were. */
    async removeAll(userId: string): Promise<number> {
      const removed = await db
        .delete(addresses)
        .where(eq(addresses.userId, userId))
        .returning({ id: addresses.id });
      return removed.length;
    },

    /** Clears the shopper's default except `keepId`; must run before another address becomes default. */
    async clearDefault(userId: string, keepId?: string): Promise<void> {
      const others = keepId ? ne(addresses.id, keepId) : undefined;
      await db
        .update(addresses)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), others));
    },

    async markDefault(userId: string, addressId: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addresses)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(owned(userId, addressId))
        .returning();
      return row;
    },

    /** The shopper's newest address, to become the default when the default is deleted. */
    async newest(userId: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      return row;
    },
  };
}
export type AddressQueries = ReturnType<typeof createQueries>;

/** All SQL on the addresses table; nothing outside the address module uses it. */
export function createAddressRepository(db: Db) {
  return {
    ...createQueries(db),

    /**
     * Runs `work` in one transaction holding an advisory lock for the shopper, so changes to the
     * shopper's default (and the address count) happen one after another: two requests at once can
     * neither leave two defaults nor slip past the address limit together.
     */
    async withUserLock<T>(userId: string, work: (locked: AddressQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address:${userId}`}, 0))`);
        return work(createQueries(tx));
      });
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
