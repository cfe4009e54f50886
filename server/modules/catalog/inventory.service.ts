import type { Db } from '../../db/client';
import {
  createInventoryRepository,
  type LowStockVariant,
  type SellableProduct,
  type StockLine,
} from './inventory.repository';

export type { LowStockVariant, SellableProduct, StockLine } from './inventory.repository';

/** One variant, as a key of the lock order and of stock looked up by variant. */
const variantKey = (l: Omit<StockLine, 'quantity'>) => `${l.productId}\u0000${l.color}\u0000${l.size}`;

/** A stock line, and the units of all its product's lines when it is that product's last line (else 0). */
interface LockStep<L extends StockLine> {
  line: L;
  productUnits: number;
}

/**
 * The lines in one fixed order (product, colour, size), each product's units counted on its last line.
 * Every transaction that moves stock thus locks rows in one global order: a product's variants, then
 * the product's row (its sold count), then the next product's. Two carts can then never each hold a
 * row the other waits for, whatever order their lines came in. (Locking the product's row between two
 * of its variants did deadlock: server/test/checkout-stock.test.ts.)
 */
function inLockOrder<L extends StockLine>(lines: readonly L[]): LockStep<L>[] {
  const keyed = lines.map((line) => ({ line, key: variantKey(line) }));
  const sorted = keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ line }) => line);
  return sorted.map((line, i) => ({
    line,
    productUnits:
      sorted[i + 1]?.productId === line.productId
        ? 0
        : sorted.filter((l) => l.productId === line.productId).reduce((units, l) => units + l.quantity, 0),
  }));
}

/**
 * The first line, in the order takeStock takes them (so the same line it would name), that `products`
 * (the catalog as just read) hold too little of: checkout refuses such a cart before it writes
 * anything, which in a sell-out answers most buyers. Stock moves after any read, so only takeStock
 * decides that there is enough.
 */
export function shortAsRead<L extends StockLine>(
  lines: readonly L[],
  products: Iterable<SellableProduct>,
): L | undefined {
  const stock = new Map<string, number>();
  for (const product of products) {
    for (const variant of product.variants) {
      stock.set(variantKey({ productId: product.id, ...variant }), variant.countInStock);
    }
  }
  return inLockOrder(lines).find(({ line }) => (stock.get(variantKey(line)) ?? 0) < line.quantity)?.line;
}

/**
 * What checkout and order flows need from the catalog: today's prices and stock per variant. The
 * catalog module owns these tables; flows call this with their transaction (`db` may be a transaction).
 */
export function createInventoryService(db: Db) {
  const repository = createInventoryRepository(db);
  return {
    /** The products that exist among the ids, with today's price in paise and their variants. */
    sellableProducts(productIds: readonly string[]): Promise<SellableProduct[]> {
      return repository.sellableProducts([...new Set(productIds)]);
    },

    /**
     * Takes the stock of every line, or returns the first line (in lock order) that has too little:
     * one statement per line, which also counts the product's units as sold on its last line. On a
     * shortfall the caller must roll back its transaction, which puts back what was already taken.
     * The rows stay locked until that transaction ends, so a caller should take stock as late in it
     * as it can.
     */
    async takeStock<L extends StockLine>(lines: readonly L[]): Promise<L | undefined> {
      for (const { line, productUnits } of inLockOrder(lines)) {
        if (!(await repository.take(line, productUnits))) return line;
      }
      return undefined;
    },

    /** The variants with at most `atMost` units left (sold-out ones first), for the back office. */
    lowStock(atMost: number, limit: number): Promise<LowStockVariant[]> {
      return repository.lowStock(atMost, limit);
    },

    /** Puts the stock of every line back, and uncounts the units as sold, in the same lock order. */
    async returnStock(lines: readonly StockLine[]): Promise<void> {
      for (const { line, productUnits } of inLockOrder(lines)) {
        await repository.give(line);
        if (productUnits > 0) await repository.unsell(line.productId, productUnits);
      }
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
