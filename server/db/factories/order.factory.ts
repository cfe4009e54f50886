import { orderTotals, type PricingRules } from '../../../common/order-pricing';
import type {
  DeliveryStatus,
  OrderActor,
  OrderAddress,
  PaymentMode,
  PaymentStatus,
  ReturnStatus,
} from '../../../common/schemas/order';
import { createOrderService } from '../../modules/order/order.service';
import type { Db } from '../client';

/** One line of an order as it was bought: the product's name, picture and price at that moment. */
export interface OrderLineInput {
  productId: string;
  name: string;
  image: string;
  color: string;
  size: string;
  quantity: number;
  pricePaise: number;
  isRefundable: boolean;
}

/** One change after placing: the statuses it leads to, when, who, and the note the history shows. */
export interface OrderStep {
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  at: Date;
  /** `system` (the courier, a job) unless told. */
  actor?: OrderActor;
  actorUserId?: string | null;
  note?: string;
}

/** A placed order as the seed and the tests describe it, before it is stored. */
export interface OrderInput {
  userId: string;
  address: OrderAddress;
  lines: OrderLineInput[];
  placedAt: Date;
  paymentMode?: PaymentMode;
  orderNotes?: string;
  /** The statuses it was placed with and the note of that first entry (Pending, placed, unless told). */
  first?: { deliveryStatus: DeliveryStatus; paymentStatus: PaymentStatus; note: string };
  steps?: OrderStep[];
  /** A return request and its outcome, for every refundable line. */
  returnRequest?: { reason: string; status: ReturnStatus; at: Date };
}

/**
 * Stores an order through the order service with its whole history, priced by `pricing`, without
 * taking stock (a test or the seed sets the stock it wants) and with no mail due for its past.
 * Returns the order's id.
 */
export async function createOrder(db: Db, input: OrderInput, pricing: PricingRules): Promise<string> {
  const orders = createOrderService(db);
  const totals = orderTotals(input.lines, pricing);
  const first = input.first ?? { deliveryStatus: 'Pending', paymentStatus: 'Pending', note: 'Order placed.' };
  const order = await orders.create(
    {
      userId: input.userId,
      address: input.address,
      itemsPricePaise: totals.itemsPaise,
      shippingPricePaise: totals.shippingPaise,
      taxPricePaise: totals.taxPaise,
      discountPaise: totals.discountPaise,
      totalPricePaise: totals.totalPaise,
      paymentMode: input.paymentMode ?? 'COD',
      paymentStatus: first.paymentStatus,
      deliveryStatus: first.deliveryStatus,
      orderNotes: input.orderNotes ?? '',
      createdAt: input.placedAt,
    },
    input.lines,
    { actor: 'customer', actorUserId: input.userId, note: first.note },
  );
  for (const step of input.steps ?? []) {
    await moveOrder(db, order._id, {
      ...step,
      actorUserId: step.actorUserId ?? (step.actor === 'customer' ? input.userId : null),
    });
  }
  if (input.returnRequest) {
    const { reason, status, at } = input.returnRequest;
    const refundable = input.lines.flatMap((line, position) => (line.isRefundable ? [position] : []));
    await orders.createReturn(order._id, { reason, linePositions: refundable, status, requestedAt: at });
  }
  // This history happened before the shop opened its doors (or before the test began): no mail for it.
  await orders.settleHistoryMail(order._id);
  return order._id;
}

/**
 * Moves an order to new statuses with a history entry, as the courier, a job or staff would, without
 * the rules of the flows that do it for real: for setting up a state a test starts from.
 */
export async function moveOrder(db: Db, orderId: string, step: OrderStep): Promise<void> {
  await createOrderService(db).changeStatus(orderId, {
    deliveryStatus: step.deliveryStatus,
    paymentStatus: step.paymentStatus,
    at: step.at,
    actor: step.actor ?? 'system',
    actorUserId: step.actorUserId ?? null,
    note: step.note ?? '',
  });
}
