import { orderTotals } from '../../../common/order-pricing';
import { addressInputSchema } from '../../../common/schemas/address';
import { orderAddressSchema } from '../../../common/schemas/order';
import type { Config } from '../../config/config';
import { createAddressService } from '../../modules/address/address.service';
import { createOrderService } from '../../modules/order/order.service';
import { pricingRulesOf } from '../../modules/order/order-pricing';
import { createUsersService } from '../../modules/users/users.service';
import type { ProductInput } from '../../test/factories/product.factory';
import type { Db } from '../client';
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
  const users = createUsersService(db, { now: () => now });
  const user = await users.register(
    { ...DEMO_SHOPPER, confirmPassword: DEMO_SHOPPER.password, isAdult: true },
    { ip: 'demo-seed' },
  );
  await users.updateProfile(user.id, { phone: DEMO_ADDRESS.phone });
  // A verified phone: the demo opens without the phone reminder in the way.
  await users.markPhoneVerified(user.id);
  const address = await createAddressService(db).add(user.id, addressInputSchema.parse(DEMO_ADDRESS));

  const orders = createOrderService(db);
  const pricing = pricingRulesOf(config);
  const planned = buildDemoOrders(catalog, ids, now);
  for (const plan of planned) {
    const totals = orderTotals(plan.lines, pricing);
    const order = await orders.create(
      {
        userId: user.id,
        address: orderAddressSchema.parse(address),
        itemsPricePaise: totals.itemsPaise,
        shippingPricePaise: totals.shippingPaise,
        taxPricePaise: totals.taxPaise,
        discountPaise: totals.discountPaise,
        totalPricePaise: totals.totalPaise,
        paymentMode: plan.paymentMode,
        paymentStatus: plan.first.paymentStatus,
        deliveryStatus: plan.first.deliveryStatus,
        orderNotes: plan.orderNotes,
        createdAt: plan.placedAt,
      },
      plan.lines,
      { actor: 'customer', actorUserId: user.id, note: plan.first.note },
    );
    for (const step of plan.steps) {
      await orders.changeStatus(order._id, {
        ...step,
        actorUserId: step.actor === 'customer' ? user.id : null,
      });
    }
    if (plan.returnRequest) {
      const { reason, status, at } = plan.returnRequest;
      const refundable = plan.lines.flatMap((line, position) => (line.isRefundable ? [position] : []));
      await orders.createReturn(order._id, { reason, linePositions: refundable, status, requestedAt: at });
    }
    // This history happened before the shop opened its doors: no mail goes out for it.
    await orders.settleHistoryMail(order._id);
  }
  return { userId: user.id, orders: planned.length };
}
