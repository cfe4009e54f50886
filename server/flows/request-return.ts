import { withinReturnWindow } from '../../common/return-window';
import {
  ORDER_MESSAGES,
  RETURN_MESSAGES,
  type RequestReturn,
  type ReturnedOrder,
  type ReturnLine,
} from '../../common/schemas/order';
import { ConflictError, DomainError, NotFoundError } from '../errors';
import type { OrderItemRow } from '../modules/order/order.service';
import type { FlowContext } from '../services';

type FieldError = { path: string; msg: string };

/** 422: nothing the shopper asked for may be returned (not refundable, or not a line of the order). */
export class NotReturnableError extends DomainError {
  constructor(message: string, errors?: FieldError[]) {
    super(422, message, 'NOT_RETURNABLE', errors);
  }
}

export interface RequestReturnDeps extends FlowContext {
  now: () => Date;
}

const sameLine = (item: OrderItemRow, asked: ReturnLine) =>
  item.productId === asked.productId.toLowerCase() &&
  item.color === asked.selectedColor &&
  item.size === asked.selectedSize;

/**
 * The positions of the lines to return: every refundable line, or the ones `asked` names. A named
 * line that is not in the order, or not refundable, refuses the whole request (422 naming it), so
 * the shopper never gets less back than they asked for without being told.
 */
export function linesToReturn(items: OrderItemRow[], asked: ReturnLine[] | undefined): number[] {
  if (!asked) {
    const refundable = items.filter((item) => item.isRefundable).map((item) => item.position);
    if (refundable.length === 0) throw new NotReturnableError(RETURN_MESSAGES.nothingRefundable);
    return refundable;
  }
  const errors: FieldError[] = [];
  const positions = new Set<number>();
  asked.forEach((line, i) => {
    const matches = items.filter((item) => sameLine(item, line));
    if (matches.length === 0) {
      errors.push({ path: `items.${i}`, msg: RETURN_MESSAGES.unknownLine });
      return;
    }
    for (const item of matches) {
      if (item.isRefundable) positions.add(item.position);
      else errors.push({ path: `items.${i}`, msg: `${item.name} cannot be returned.` });
    }
  });
  if (errors.length > 0) {
    const unknownOnly = errors.every((error) => error.msg === RETURN_MESSAGES.unknownLine);
    throw new NotReturnableError(
      unknownOnly ? RETURN_MESSAGES.unknownLine : RETURN_MESSAGES.notRefundable,
      errors,
    );
  }
  return [...positions].sort((a, b) => a - b);
}

/**
 * The shopper asks to return a delivered order (DESIGN.md §5, §6): within 7 days of the delivery its
 * history records, refundable lines only, one request per order. The order row is locked first, so of
 * two requests sent at once the second waits and then finds the first; the unique order_id of the
 * returns table refuses a second request even without the lock.
 */
export function createRequestReturnFlow({ transaction, now }: RequestReturnDeps) {
  return async function requestReturn(
    userId: string,
    orderId: string,
    body: RequestReturn,
  ): Promise<ReturnedOrder> {
    return transaction(async (tx) => {
      const orders = tx.orders;
      const order = await orders.lockOwned(userId, orderId);
      if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
      if (await orders.findReturn(order.id)) {
        throw new ConflictError(RETURN_MESSAGES.alreadyRequested, 'RETURN_ALREADY_REQUESTED');
      }
      if (order.deliveryStatus !== 'Delivered') {
        throw new ConflictError(RETURN_MESSAGES.notDelivered, 'NOT_DELIVERED');
      }
      const at = now();
      const deliveredAt = await orders.deliveredAt(order.id);
      if (!deliveredAt || !withinReturnWindow(deliveredAt, at)) {
        throw new ConflictError(RETURN_MESSAGES.window, 'RETURN_WINDOW_PASSED');
      }
      const linePositions = linesToReturn(await orders.items(order.id), body.items);
      const stored = await orders.createReturn(order.id, {
        reason: body.reason,
        linePositions,
        status: 'Requested',
        requestedAt: at,
      });
      if (!stored) throw new ConflictError(RETURN_MESSAGES.alreadyRequested, 'RETURN_ALREADY_REQUESTED');
      await orders.changeStatus(order.id, {
        deliveryStatus: 'Return Requested',
        paymentStatus: order.paymentStatus,
        actor: 'customer',
        actorUserId: userId,
        note: `Return requested: ${body.reason}`,
        at,
      });
      const updated = await orders.getOwned(userId, order.id);
      if (!updated.returnRequest) throw new Error(`return request of order ${order.id} vanished`);
      return { order: updated, returnRequest: updated.returnRequest };
    });
  };
}
