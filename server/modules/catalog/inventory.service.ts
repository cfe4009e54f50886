import type { Db } from '../../db/client';
import { createInventoryRepository, type SellableProduct, type StockLine } from './inventory.repository';

export type { SellableProduct, StockLine } from './inventory.repository';

/** Stock lines in one fixed order (product, colour, size), so transactions lock variant rows alike. */
function inLockOrder(lines: readonly StockLine[]): StockLine[] {
  const key = (l: StockLine) => `${l.productId}\u0000${l.color}\u0000${l.size}`;
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
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
     * Takes the stock of every line, or returns the first line that has too little. Lines are taken in
     * a fixed order, so two carts holding the same variants cannot deadlock each other. On a shortfall
     * the caller must roll back its transaction, which puts back what was already taken.
     */
    async takeStock(lines: readonly StockLine[]): Promise<StockLine | undefined> {
      for (const line of inLockOrder(lines)) {
        if (!(await repository.take(line))) return line;
      }
      return undefined;
    },

    /** Puts the stock of every line back. */
    async returnStock(lines: readonly StockLine[]): Promise<void> {
      for (const line of inLockOrder(lines)) await repository.give(line);
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
