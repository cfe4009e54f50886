import { addressInputSchema } from '../../../common/schemas/address';
import { orderAddressSchema } from '../../../common/schemas/order';
import type { Config } from '../../config/config';
import { createAddressService } from '../../modules/address/address.service';
import { pricingRulesOf } from '../../modules/order/order-pricing';
import type { Db } from '../client';
import { createOrder } from '../factories/order.factory';
import type { ProductInput } from '../factories/product.factory';
import { createUser } from '../factories/user.factory';
import { buildDemoOrders } from './orders';
import { DEMO_ADDRESS, DEMO_SHOPPER } from './shopper';

/**
 * Creates the demo shopper (phone verified, one default address) and about 25 past orders over the
 * last four months, each written through the order service with its whole history.
 *
 * The orders take no stock: the demo catalog's counts are today's stock, after these sales, and a
 * cancelled or returned order would only give back what it never took. Run inside the seed's
 * transaction, right after the catalog (`ids` are the stored ids of `catalog`, in order).
 */
export async function seedDemoShopper(
  db: Db,
  options: { config: Config; catalog: readonly ProductInput[]; ids: readonly string[]; now: Date },
): Promise<{ userId: string; orders: number }> {
  const { config, catalog, ids, now } = options;
  // A verified phone: the demo opens without the phone reminder in the way.
  const userId = await createUser(
    db,
    { ...DEMO_SHOPPER, phone: DEMO_ADDRESS.phone, phoneVerified: true },
    { now },
  );
  const address = await createAddressService(db).add(userId, addressInputSchema.parse(DEMO_ADDRESS));
  const pricing = pricingRulesOf(config);
  const planned = buildDemoOrders(catalog, ids, now);
  for (const plan of planned) {
    await createOrder(db, { ...plan, userId, address: orderAddressSchema.parse(address) }, pricing);
  }
  return { userId, orders: planned.length };
}
