import { createHash, randomUUID } from 'node:crypto';
import { imageForColor } from '../../common/color-images';
import { toPaise, toRupees } from '../../common/money';
import { orderTotals } from '../../common/order-pricing';
import {
  type CurrentPrice,
  ORDER_MESSAGES,
  type OrderAddress,
  type OrderPayment,
  type PlacedOrder,
  type PlaceOrder,
  placedOrderSchema,
  placeOrderSchema,
} from '../../common/schemas/order';
import { BadRequestError, DomainError } from '../errors';
import type { AddressService } from '../modules/address/address.service';
import { type SellableProduct, shortAsRead } from '../modules/catalog/inventory.service';
import type { NewOrderItem, StoredAnswer } from '../modules/order/order.service';
import { newOrderNumber } from '../modules/order/order-number';
import type { PaymentProvider, ProviderLogger } from '../providers';
import type { ProviderOrder } from '../providers/payment/payment-provider';
import type { FlowContext, Services } from '../services';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Visible ASCII, as HTTP header tokens go; long enough for a UUID or a ULID with a prefix. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

type FieldError = { path: string; msg: string };

/** 400 for an order the shop cannot take as sent; `errors` names the offending fields. */
export class InvalidOrderError extends DomainError {
  constructor(message: string, errors: FieldError[] = [], code = 'INVALID_ORDER') {
    super(400, message, code, errors.length > 0 ? errors : undefined);
  }
}

/** 400 PRICE_CHANGED: today's prices differ from the cart's; `prices` holds today's price of every line. */
export class PriceChangedError extends DomainError {
  constructor(
    readonly prices: CurrentPrice[],
    errors: FieldError[],
  ) {
    super(400, ORDER_MESSAGES.priceChanged, 'PRICE_CHANGED', errors, { prices });
  }
}

/** 503: the payment provider could not open the order's payment; nothing was taken or written. */
export class PaymentUnavailableError extends DomainError {
  constructor() {
    super(503, ORDER_MESSAGES.paymentProviderUnavailable, 'PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/** 422: the Idempotency-Key was used before with another body. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(422, ORDER_MESSAGES.idempotencyReused, 'IDEMPOTENCY_KEY_REUSED');
  }
}

export interface PlaceOrderDeps extends FlowContext {
  now: () => Date;
  /** Opens the payment of an ONLINE order. */
  payment: PaymentProvider;
  log: ProviderLogger;
}

/** A cart priced from the catalog as read at one moment, and that read (for its stock). */
interface PricedCart {
  catalog: Map<string, SellableProduct>;
  items: NewOrderItem[];
}

/** Reads the cart's products (one statement) and prices its lines; 400 for unknown ones or changed prices. */
async function priceCart(on: Pick<Services, 'inventory'>, input: PlaceOrder): Promise<PricedCart> {
  const products = await on.inventory.sellableProducts(
    input.cartItems.map((item) => item.productId.toLowerCase()),
  );
  const catalog = new Map(products.map((product) => [product.id, product]));
  return { catalog, items: priceLines(input, catalog) };
}

/** The validated order payload, or a 400 naming the first problem (and all of them in `errors`). */
function parsePayload(body: unknown): PlaceOrder {
  const parsed = placeOrderSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), msg: issue.message }));
  throw new InvalidOrderError(errors[0]?.msg ?? 'Invalid order details.', errors);
}

/** The stored first answer for a replayed key, or the refusal when the body differs. */
function replay(claim: StoredAnswer, requestHash: string): PlacedOrder {
  if (claim.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
  return placedOrderSchema.parse(claim.response);
}

/** Lines priced from the catalog: unknown products and variants, then changed prices, answer 400. */
function priceLines(input: PlaceOrder, catalog: Map<string, SellableProduct>): NewOrderItem[] {
  const unknown: FieldError[] = [];
  const lines = input.cartItems.map((item, i) => {
    const product = catalog.get(item.productId.toLowerCase());
    if (!product) {
      unknown.push({ path: `cartItems.${i}.productId`, msg: ORDER_MESSAGES.unknownProduct });
      return undefined;
    }
    if (!product.variants.some((v) => v.color === item.selectedColor && v.size === item.selectedSize)) {
      unknown.push({
        path: `cartItems.${i}`,
        msg: `${product.name} is not available in ${item.selectedColor}, size ${item.selectedSize}.`,
      });
      return undefined;
    }
    return { item, product };
  });
  if (unknown.length > 0) {
    const onlyVariants = unknown.every((e) => !e.path.endsWith('productId'));
    throw new InvalidOrderError(
      onlyVariants ? ORDER_MESSAGES.unknownVariant : ORDER_MESSAGES.unknownProduct,
      unknown,
    );
  }
  const priced = lines.filter((line) => line !== undefined);
  const changed = priced.flatMap(({ item, product }, i) =>
    toPaise(item.price) === product.pricePaise
      ? []
      : [
          {
            path: `cartItems.${i}.price`,
            msg: `${product.name} now costs Rs ${toRupees(product.pricePaise)}.`,
          },
        ],
  );
  if (changed.length > 0) {
    throw new PriceChangedError(
      priced.map(({ item, product }) => ({
        productId: product.id,
        selectedColor: item.selectedColor,
        selectedSize: item.selectedSize,
        price: toRupees(product.pricePaise),
      })),
      changed,
    );
  }
  // The name, image, price and refundability come from the catalog, never from the cart; the image is
  // the colour bought, so every page and mail that shows the line shows what the shopper chose.
  return priced.map(({ item, product }) => ({
    productId: product.id,
    name: product.name,
    image: imageForColor(product, item.selectedColor),
    color: item.selectedColor,
    size: item.selectedSize,
    quantity: item.quantity,
    pricePaise: product.pricePaise,
    isRefundable: product.isRefundable,
  }));
}

/** 400 OUT_OF_STOCK naming the cart line whose variant has too little left. */
function outOfStock(items: NewOrderItem[], short: NewOrderItem): InvalidOrderError {
  return new InvalidOrderError(
    ORDER_MESSAGES.outOfStock,
    [
      {
        path: `cartItems.${items.indexOf(short)}.quantity`,
        msg: `${short.name} (${short.color}, ${short.size}) does not have ${short.quantity} left.`,
      },
    ],
    'OUT_OF_STOCK',
  );
}

function snapshotOf(
  address: NonNullable<Awaited<ReturnType<AddressService['getOwnedAddress']>>>,
): OrderAddress {
  return {
    _id: address._id,
    name: address.name,
    phone: address.phone,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    addressLine3: address.addressLine3,
    pincode: address.pincode,
    district: address.district,
    state: address.state,
    country: address.country,
  };
}

/** An ONLINE order's payment, opened at the provider before the order is written. */
interface OpenedPayment {
  orderId: string;
  orderNumber: string;
  providerOrder: ProviderOrder;
}

/**
 * Places an order (DESIGN.md §5, §6): prices the cart from the catalog, then writes the order, its
 * lines and history and takes the stock per variant in ONE transaction, so a failure anywhere (or a
 * crash) leaves neither a half order nor lost stock. The stock is taken last, so its row locks, which
 * every buyer of the same variant queues for, are held only for that statement and the commit
 * (bench/README.md). With an Idempotency-Key, the same key and body give the first answer again and
 * one order, even when sent at once.
 *
 * An ONLINE order's payment is opened at the provider BEFORE that transaction, never inside it and
 * never after it (docs/decisions/006-payments.md): no row lock waits on the network, and a provider
 * that fails answers 503 with nothing taken or written. What a failure or crash after it leaves is
 * an unpaid provider order nobody was told about, which costs nothing and expires at the provider.
 */
export function createPlaceOrderFlow({ services, transaction, now, payment, log }: PlaceOrderDeps) {
  /** Opens the provider's order for the total; 503 when the provider cannot. */
  async function openPayment(totalPaise: number, placedAt: Date): Promise<OpenedPayment> {
    // The order's id and number are drawn now, so the provider's order can name them.
    const orderId = randomUUID();
    const orderNumber = newOrderNumber(placedAt);
    let providerOrder: ProviderOrder;
    try {
      providerOrder = await payment.createOrder({ amountPaise: totalPaise, receipt: orderNumber, orderId });
    } catch (error) {
      log.warn(`payments: could not open the payment of order ${orderNumber}: ${(error as Error).message}`);
      throw new PaymentUnavailableError();
    }
    // The payment is recorded with the provider's amount: one that differs from the order's total
    // would be a bug of the adapter, never something to charge.
    if (providerOrder.amountPaise !== totalPaise) {
      throw new Error(`the provider opened ${providerOrder.amountPaise} paise for an order of ${totalPaise}`);
    }
    return { orderId, orderNumber, providerOrder };
  }

  return async function placeOrder(
    userId: string,
    body: unknown,
    idempotencyKey?: string,
  ): Promise<PlacedOrder> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new BadRequestError(ORDER_MESSAGES.idempotencyKey, 'INVALID_IDEMPOTENCY_KEY');
    }
    const input = parsePayload(body);
    const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');

    // A retry of a finished request is answered before anything else is checked again (the address
    // may have been deleted since); a retry racing its original is settled inside the transaction.
    if (idempotencyKey) {
      const earlier = await services.orders.findIdempotencyKey(userId, idempotencyKey);
      if (earlier) return replay(earlier, requestHash);
    }

    const address = UUID.test(input.addressId)
      ? await services.addresses.getOwnedAddress(userId, input.addressId)
      : null;
    if (!address)
      throw new InvalidOrderError(ORDER_MESSAGES.address, [
        { path: 'addressId', msg: ORDER_MESSAGES.address },
      ]);
    const refusal = await services.shipping.deliveryRefusal(address.pincode, input.paymentMode);
    if (refusal) {
      const { message, code } = refusal;
      throw new InvalidOrderError(message, [{ path: 'addressId', msg: message }], code);
    }

    const badIds = input.cartItems.flatMap((item, i) =>
      UUID.test(item.productId)
        ? []
        : [{ path: `cartItems.${i}.productId`, msg: ORDER_MESSAGES.unknownProduct }],
    );
    if (badIds.length > 0) throw new InvalidOrderError(ORDER_MESSAGES.unknownProduct, badIds);

    const placedAt = now();
    // The shop's charges as they stand now (the owner may change them at any time), read once so the
    // payment opened and the order written charge the same.
    const pricing = await services.settings.pricingRules();
    // An online cart is priced before the transaction: its payment is opened at the provider for the
    // total, and no row lock may wait on the network. A cash order's cart is priced inside it, below.
    const early = input.paymentMode === 'ONLINE' ? await priceCart(services, input) : undefined;
    const opened = early
      ? await openPayment(orderTotals(early.items, pricing).totalPaise, placedAt)
      : undefined;

    return transaction(async (tx) => {
      const orders = tx.orders;
      if (idempotencyKey) {
        const claim = await orders.claimIdempotencyKey(userId, idempotencyKey, requestHash);
        if (claim.kind === 'found') return replay(claim, requestHash);
      }
      // Priced after the key is claimed, so a request racing its original with the same key has
      // waited for it and replayed its answer above rather than answer from an older read. Under load
      // a request waits for a connection before its transaction starts, so this read of the stock
      // already counts the orders committed meanwhile: a cart it cannot fill (every late buyer in a
      // sell-out) is refused before anything is written. Only takeStock, below, decides there is enough.
      const { catalog, items } = early ?? (await priceCart(tx, input));
      const seenShort = shortAsRead(items, catalog.values());
      if (seenShort) throw outOfStock(items, seenShort);
      const totals = orderTotals(items, pricing);
      const order = await orders.create(
        {
          ...(opened ? { id: opened.orderId, orderNumber: opened.orderNumber } : {}),
          userId,
          address: snapshotOf(address),
          itemsPricePaise: totals.itemsPaise,
          shippingPricePaise: totals.shippingPaise,
          taxPricePaise: totals.taxPaise,
          discountPaise: totals.discountPaise,
          totalPricePaise: totals.totalPaise,
          paymentMode: input.paymentMode,
          paymentStatus: 'Pending',
          // COD has nothing to wait for, so it goes straight to Processing (Paid on delivery); an online
          // order waits for its payment, and is deleted if none comes within 30 minutes.
          deliveryStatus: opened ? 'Pending' : 'Processing',
          orderNotes: input.orderNotes,
          createdAt: placedAt,
        },
        items,
        {
          actor: 'customer',
          actorUserId: userId,
          note: opened
            ? 'Order placed; waiting for the online payment.'
            : 'Order placed with cash on delivery.',
        },
      );
      let orderPayment: OrderPayment | null = null;
      if (opened) {
        await tx.payments.record({
          orderId: order._id,
          userId,
          provider: payment.name,
          providerOrderId: opened.providerOrder.providerOrderId,
          amountPaise: opened.providerOrder.amountPaise,
          currency: 'INR',
          status: 'created',
          paymentId: null,
          refundId: null,
          createdAt: placedAt,
          updatedAt: placedAt,
        });
        orderPayment = {
          provider: payment.name,
          providerOrderId: opened.providerOrder.providerOrderId,
          amount: toRupees(opened.providerOrder.amountPaise),
          currency: 'INR',
          keyId: payment.keyId,
        };
      }
      const answer: PlacedOrder = { order, payment: orderPayment };
      if (idempotencyKey) await orders.storeIdempotentAnswer(userId, idempotencyKey, 201, answer);
      // The stock last: taking it locks the variant rows (and the product's) until the commit, and
      // every other buyer of them waits for those locks, so nothing else may run in between. A
      // shortfall throws, which rolls back the order, its lines and the stored answer with the stock.
      const short = await tx.inventory.takeStock(items);
      if (short) throw outOfStock(items, short);
      return answer;
    });
  };
}

export type PlaceOrderFlow = ReturnType<typeof createPlaceOrderFlow>;
