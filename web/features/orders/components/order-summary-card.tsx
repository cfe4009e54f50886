import { useId } from 'react';
import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../../common/images';
import { formatRs } from '../../../../common/money';
import type { Order } from '../../../../common/schemas/order';
import { formatOrderDate } from '../lib/format';
import { MY_ORDERS_TEXTS as T } from '../texts';
import { awaitsPayment, OrderStatus, PayNowNotice } from './order-card';

const { width, height } = PRODUCT_IMAGE_SIZES.sm;

/** The page that shows an order in full: its state, what is due, items, address, history and actions. */
export const orderPath = (orderId: string) => `/order-confirmed/${encodeURIComponent(orderId)}`;

/**
 * One order in My Orders, compact so a page of ten fits a phone: number, date, the first item's picture,
 * status and total, and the way to the order in full.
 */
export function OrderSummaryCard({ order, now }: { order: Order; now: Date }) {
  const headingId = useId();
  const [first] = order.items;
  const more = order.items.length - 1;
  return (
    <article aria-labelledby={headingId} className="surface-card p-4 sm:p-5">
      <div className="flex gap-3 sm:gap-4">
        {first && (
          <img
            src={productImageUrl(first.image, 'sm')}
            width={width}
            height={height}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-20 w-16 shrink-0 rounded-md bg-brand-50 object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 id={headingId} className="font-display text-lg font-semibold break-all text-stone-900">
              {T.orderLabel(order.orderNumber)}
            </h2>
            <p className="font-semibold text-stone-900">
              <span className="sr-only">{T.total}: </span>
              {formatRs(order.totalPrice)}
            </p>
          </div>
          <p className="text-sm text-stone-600">
            {T.placedOn} {formatOrderDate(order.orderTimestamp)}
          </p>
          {first && (
            <p className="truncate text-sm text-stone-800">
              {first.name}
              {more > 0 && <span className="text-stone-600"> {T.moreItems(more)}</span>}
            </p>
          )}
          <div className="mt-2">
            <OrderStatus order={order} />
          </div>
        </div>
      </div>
      {awaitsPayment(order, now) && <PayNowNotice order={order} />}
      <p className="mt-3 text-right">
        <Link
          to={orderPath(order._id)}
          className="text-link text-sm"
          aria-label={T.viewOrderLabel(order.orderNumber)}
        >
          {T.viewOrder}
        </Link>
      </p>
    </article>
  );
}
