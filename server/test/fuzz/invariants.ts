import { min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants } from '../../modules/catalog/catalog.schema';

/**
 * The shop's invariants the fuzz test checks at the end of a run: no stock below zero, and (in the
 * runner) every account still signs in with its password.
 */

/** The lowest stock of any variant. */
export async function lowestStock(db: Db): Promise<number> {
  const [row] = await db.select({ lowest: min(productVariants.countInStock) }).from(productVariants);
  return row?.lowest ?? 0;
}
