import { DAY, HOUR, MINUTE } from '../../../common/constants';
import { toPaise } from '../../../common/money';
import type { DeliveryStatus, OrderActor, PaymentMode, PaymentStatus } from '../../../common/schemas/order';
import type { OrderInput, OrderLineInput, OrderStep } from '../factories/order.factory';
import { imageOfColor, type ProductInput } from '../factories/product.factory';
import { createRng, type Rng } from './random';

/** How an order went on after it was placed. */
type Path =
  | 'processing'
  | 'shipped'
  | 'out-for-delivery'
  | 'delivered'
  | 'cancelled'
  | 'failed'
  | 'returned'
  | 'return-rejected';

interface Story {
  /** Days before the seed the order was placed (fractions are parts of a day). */
  placed: number;
  /** Days before the seed it was delivered, for the paths that deliver; else 5 days after placing. */
  delivered?: number;
  mode: PaymentMode;
  path: Path;
  /** One entry a line: true a refundable product, false a non-refundable one, null either. */
  lines: (boolean | null)[];
  notes?: string;
}

/**
 * The demo shopper's order history: about four months of a regular customer. Fourteen are archived
 * (placed over 60 days ago, or Cancelled/Failed over 3 days ago), so the archive has two pages; My
 * Orders keeps eleven, among them three delivered within the 7-day return window with refundable
 * items (returns and reviews need them), older deliveries, one on its way and one Processing.
 */
const STORIES: Story[] = [
  // Archived: placed more than 60 days ago.
  { placed: 118, mode: 'COD', path: 'delivered', lines: [true, null], notes: 'Please call before delivery.' },
  { placed: 112, mode: 'ONLINE', path: 'delivered', lines: [true] },
  { placed: 105, mode: 'COD', path: 'cancelled', lines: [null] },
  { placed: 99, mode: 'COD', path: 'delivered', lines: [true, true] },
  { placed: 92, mode: 'ONLINE', path: 'returned', lines: [true] },
  { placed: 86, mode: 'COD', path: 'delivered', lines: [null] },
  { placed: 80, mode: 'COD', path: 'failed', lines: [true] },
  {
    placed: 74,
    mode: 'ONLINE',
    path: 'delivered',
    lines: [true, false],
    notes: 'A gift: no invoice in the box, please.',
  },
  { placed: 69, mode: 'COD', path: 'delivered', lines: [true] },
  { placed: 65, mode: 'COD', path: 'return-rejected', lines: [true] },
  { placed: 62, mode: 'COD', path: 'delivered', lines: [null, true] },
  // Archived: Cancelled or Failed, placed more than 3 days ago.
  { placed: 41, mode: 'ONLINE', path: 'cancelled', lines: [true] },
  { placed: 20, mode: 'COD', path: 'failed', lines: [null] },
  { placed: 6, mode: 'COD', path: 'cancelled', lines: [true] },
  // My Orders.
  { placed: 55, mode: 'COD', path: 'delivered', lines: [true] },
  { placed: 38, mode: 'ONLINE', path: 'delivered', lines: [true, null] },
  { placed: 27, mode: 'COD', path: 'returned', lines: [true] },
  { placed: 16, mode: 'COD', path: 'delivered', lines: [null] },
  { placed: 12, delivered: 8, mode: 'COD', path: 'delivered', lines: [true] },
  { placed: 9, delivered: 5, mode: 'COD', path: 'delivered', lines: [true, false] },
  {
    placed: 6,
    delivered: 3,
    mode: 'ONLINE',
    path: 'delivered',
    lines: [true],
    notes: 'Leave it with the guard.',
  },
  { placed: 4, delivered: 1, mode: 'COD', path: 'delivered', lines: [true, true] },
  { placed: 3, mode: 'COD', path: 'out-for-delivery', lines: [null] },
  { placed: 1, mode: 'COD', path: 'cancelled', lines: [null] },
  { placed: 2 / 24, mode: 'COD', path: 'processing', lines: [true] },
];

/** A line of a demo order, as the order service stores it. */
/** A demo order: everything but whose it is and where it goes, which the seed adds. */
export type DemoOrder = Omit<OrderInput, 'userId' | 'address'> &
  Required<Pick<OrderInput, 'first' | 'steps'>>;

const RETURN_REASONS = [
  'The size runs small.',
  'The colour is darker than in the photos.',
  'The fabric feels thinner than described.',
];

function pickLines(rng: Rng, catalog: { product: ProductInput; id: string }[], wants: (boolean | null)[]) {
  const used = new Set<string>();
  return wants.map((refundable): OrderLineInput => {
    const choices = catalog.filter(
      ({ product, id }) =>
        !used.has(id) &&
        product.variants.length > 0 &&
        (refundable === null || product.isRefundable === refundable),
    );
    const { product, id } = rng.pick(choices);
    used.add(id);
    const variant = rng.pick(product.variants);
    return {
      productId: id,
      name: product.name,
      image: imageOfColor(product, variant.color),
      color: variant.color,
      size: variant.size,
      quantity: rng.chance(0.2) ? 2 : 1,
      pricePaise: toPaise(product.price),
      isRefundable: product.isRefundable,
    };
  });
}

/** The history after placing, for one story: times relative to when it was placed and delivered. */
function stepsOf(story: Story, placedAt: Date, deliveredAt: Date, paid: PaymentStatus, reason: string) {
  const after = (from: Date, ms: number) => new Date(from.getTime() + ms);
  const cod = story.mode === 'COD';
  const steps: OrderStep[] = [];
  const add = (
    deliveryStatus: DeliveryStatus,
    paymentStatus: PaymentStatus,
    at: Date,
    actor: OrderActor,
    note: string,
  ) => steps.push({ deliveryStatus, paymentStatus, at, actor, note });

  if (!cod) add('Processing', 'Paid', after(placedAt, 3 * MINUTE), 'system', 'Paid online.');
  if (story.path === 'processing') return steps;
  if (story.path === 'cancelled') {
    const at = after(placedAt, 2 * HOUR);
    add('Cancelled', paid, at, 'customer', 'Cancelled by the customer: Ordered the wrong size.');
    if (!cod) {
      add('Cancelled', 'Refund Initiated', after(at, 5 * MINUTE), 'system', 'Refund initiated.');
      add('Cancelled', 'Refunded', after(at, 3 * DAY), 'system', 'Refund completed.');
    }
    return steps;
  }
  add('Shipped', paid, after(placedAt, DAY), 'system', 'Handed to the courier.');
  if (story.path === 'shipped') return steps;
  const outAt =
    story.path === 'out-for-delivery' ? after(placedAt, 2 * DAY + 20 * HOUR) : after(deliveredAt, -5 * HOUR);
  add('Out for Delivery', paid, outAt, 'system', 'Out for delivery.');
  if (story.path === 'out-for-delivery') return steps;
  if (story.path === 'failed') {
    add(
      'Failed',
      cod ? 'Failed' : paid,
      deliveredAt,
      'system',
      'Delivery failed: the customer could not be reached.',
    );
    return steps;
  }
  const paidNow: PaymentStatus = cod ? 'Paid' : paid;
  add('Delivered', paidNow, deliveredAt, 'system', cod ? 'Delivered; cash collected.' : 'Delivered.');
  if (story.path === 'delivered') return steps;

  const requestedAt = after(deliveredAt, 2 * DAY);
  add('Return Requested', paidNow, requestedAt, 'customer', `Return requested: ${reason}`);
  if (story.path === 'return-rejected') {
    add(
      'Return Rejected',
      paidNow,
      after(requestedAt, DAY),
      'admin',
      'Return rejected: the tags were removed.',
    );
    return steps;
  }
  add('Return Approved', paidNow, after(requestedAt, DAY), 'admin', 'Return approved; pick-up arranged.');
  const returnedAt = after(requestedAt, 4 * DAY);
  add(
    'Returned',
    'Refund Initiated',
    returnedAt,
    'system',
    'Return received at the warehouse; refund initiated.',
  );
  add('Returned', 'Refunded', after(returnedAt, 2 * DAY), 'system', 'Refund completed.');
  return steps;
}

/**
 * The demo shopper's orders, oldest first, built from the demo catalog (`ids` are the stored ids of
 * `catalog`, in the same order) and placed relative to `now`. Deterministic for a given catalog.
 */
export function buildDemoOrders(
  catalog: readonly ProductInput[],
  ids: readonly string[],
  now: Date,
): DemoOrder[] {
  const rng = createRng('demo-shopper-orders');
  const products = catalog.map((product, i) => ({ product, id: ids[i] as string }));
  return STORIES.map((story): DemoOrder => {
    const placedAt = new Date(now.getTime() - story.placed * DAY);
    const deliveredAt = new Date(
      story.delivered === undefined
        ? placedAt.getTime() + 4 * DAY + 6 * HOUR
        : now.getTime() - story.delivered * DAY,
    );
    const reason = rng.pick(RETURN_REASONS);
    const first =
      story.mode === 'COD'
        ? {
            deliveryStatus: 'Processing' as const,
            paymentStatus: 'Pending' as const,
            note: 'Order placed with cash on delivery.',
          }
        : {
            deliveryStatus: 'Pending' as const,
            paymentStatus: 'Pending' as const,
            note: 'Order placed; waiting for the online payment.',
          };
    const paid: PaymentStatus = story.mode === 'COD' ? 'Pending' : 'Paid';
    const steps = stepsOf(story, placedAt, deliveredAt, paid, reason);
    const requested = steps.find((step) => step.deliveryStatus === 'Return Requested');
    return {
      placedAt,
      paymentMode: story.mode,
      orderNotes: story.notes ?? '',
      lines: pickLines(rng, products, story.lines),
      first,
      steps,
      ...(requested
        ? {
            returnRequest: {
              reason,
              status: story.path === 'returned' ? ('Returned' as const) : ('Rejected' as const),
              at: requested.at,
            },
          }
        : {}),
    };
  });
}
