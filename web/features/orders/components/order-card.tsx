import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cancelRefusal } from '../../../../common/cancel-window';
import { formatRs } from '../../../../common/money';
import type { DeliveryStatus, Order, RequestReturn } from '../../../../common/schemas/order';
import { isReviewableStatus, REVIEW_FORM_ANCHOR } from '../../../../common/schemas/reviews';
import { formatOrderDate, formatOrderTime } from '../lib/format';
import { msLeftToPay, orderOutcome, shownPaymentStatus } from '../lib/order-outcome';
import { returnOpenUntil } from '../lib/return-rule';
import { payNowPath } from '../lib/use-online-payment';
import { RETURN_TEXTS as R, MY_ORDERS_TEXTS as T } from '../texts';
import { OrderLine } from './order-line';
import { ReturnRequestForm } from './return-request-form';

const STATUS_TONE: Partial<Record<DeliveryStatus, string>> = {
  Delivered: 'bg-emerald-100 text-emerald-900',
  Cancelled: 'bg-stone-200 text-stone-800',
  Failed: 'bg-red-100 text-red-900',
};

interface OrderCardProps {
  order: Order;
  /** The current time: decides whether Cancel and Request a return are offered (a fixed clock in tests). */
  now: Date;
  /** Cancels the order; resolves once the server answered. */
  onCancel: (order: Order) => Promise<void>;
  cancelling: boolean;
  /** Asks to return items; resolves true once the server accepted the request. */
  onRequestReturn: (order: Order, body: RequestReturn) => Promise<boolean>;
  requestingReturn: boolean;
}

/**
 * One order in full, on its own page under what is due (which offers Pay now): status, items, totals,
 * address, notes, timeline and the actions allowed now.
 */
export function OrderCard({
  order,
  now,
  onCancel,
  cancelling,
  onRequestReturn,
  requestingReturn,
}: OrderCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const headingId = useId();
  const placedAt = new Date(order.orderTimestamp);
  const cancellable = cancelRefusal({ deliveryStatus: order.deliveryStatus, placedAt }, now) === null;
  const returnUntil = returnOpenUntil(order, now);
  const address = order.address;
  const addressLines = [address.addressLine1, address.addressLine2, address.addressLine3].filter(Boolean);

  return (
    <article aria-labelledby={headingId} className="surface-card p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-display text-lg font-semibold break-all text-stone-900">
            {T.orderLabel(order.orderNumber)}
          </h2>
          <p className="text-sm text-stone-600">
            {T.placedOn} {formatOrderTime(order.orderTimestamp)}
          </p>
        </div>
        <OrderStatus order={order} />
      </header>

      <h3 className="sr-only">{T.items}</h3>
      <ul className="mt-3 divide-y divide-brand-100 border-y border-brand-100">
        {order.items.map((item) => (
          <OrderLine
            key={`${item.productId}|${item.selectedColor}|${item.selectedSize}`}
            image={item.image}
            name={item.name}
            lineTotal={item.price * item.quantity}
          >
            <p className="text-stone-600">{T.lineDetails(item.selectedColor, item.selectedSize)}</p>
            <p className="text-stone-600">{T.quantityPrice(item.quantity, formatRs(item.price))}</p>
            {/* Only a shopper who received an item may review it; the product page opens its review form. */}
            {isReviewableStatus(order.deliveryStatus) && (
              <Link
                to={`/product/${encodeURIComponent(item.productId)}#${REVIEW_FORM_ANCHOR}`}
                aria-label={T.reviewProductLabel(item.name)}
                className="text-link mt-1 inline-block"
              >
                {T.reviewProduct}
              </Link>
            )}
          </OrderLine>
        ))}
      </ul>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <dl className="space-y-1 text-sm">
          <Row label={T.itemsTotal} value={formatRs(order.itemsPrice)} />
          <Row
            label={T.shipping}
            value={order.shippingPrice === 0 ? T.free : formatRs(order.shippingPrice)}
          />
          {order.taxPrice > 0 && <Row label={T.tax} value={formatRs(order.taxPrice)} />}
          {order.discount > 0 && <Row label={T.discount} value={`− ${formatRs(order.discount)}`} />}
          <div className="flex justify-between gap-3 border-t border-brand-100 pt-1 text-base font-semibold">
            <dt>{T.total}</dt>
            <dd>{formatRs(order.totalPrice)}</dd>
          </div>
        </dl>
        <div className="text-sm text-stone-700">
          <h3 className="font-semibold text-stone-900">{T.deliverTo}</h3>
          <address className="not-italic break-words">
            <span className="block">{address.name}</span>
            {addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">
              {address.district}, {address.state} {address.pincode}
            </span>
            <span className="block">{address.phone}</span>
          </address>
          {order.orderNotes && (
            <p className="mt-2 break-words">
              <span className="font-semibold text-stone-900">{T.notes}: </span>
              {order.orderNotes}
            </p>
          )}
        </div>
      </div>

      {order.history.length > 0 && (
        <section className="mt-4">
          <h3 className="text-sm font-semibold text-stone-900">{T.timeline}</h3>
          <ol className="mt-2 space-y-2 border-l-2 border-brand-100 pl-4 text-sm">
            {order.history.map((entry, index) => (
              // History entries have no id and never reorder: the position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={index} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-700"
                />
                <span className="font-medium text-stone-900">{entry.deliveryStatus}</span>
                <span className="text-stone-600"> · {formatOrderTime(entry.at)}</span>
                {entry.note && <span className="block text-stone-600 break-words">{entry.note}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}

      {cancellable && (
        <div className="mt-4 border-t border-brand-100 pt-4">
          {confirming ? (
            <fieldset className="flex flex-wrap items-center gap-2">
              <legend className="mb-2 w-full font-medium text-stone-900">{T.confirmCancel}</legend>
              <button
                type="button"
                className="btn-primary"
                disabled={cancelling}
                onClick={() => void onCancel(order).finally(() => setConfirming(false))}
              >
                {cancelling ? T.cancelling : T.confirmYes}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
                {T.confirmNo}
              </button>
            </fieldset>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="btn-secondary"
                aria-label={T.cancelLabel(order.orderNumber)}
                onClick={() => setConfirming(true)}
              >
                {T.cancel}
              </button>
              <p className="text-xs text-stone-600">{T.cancelWindowNote}</p>
            </div>
          )}
        </div>
      )}

      {returnUntil && (
        <div className="mt-4 border-t border-brand-100 pt-4">
          {returning ? (
            <ReturnRequestForm
              order={order}
              onSubmit={(body) => onRequestReturn(order, body)}
              submitting={requestingReturn}
              onClose={() => setReturning(false)}
            />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="btn-secondary"
                aria-label={R.requestLabel(order.orderNumber)}
                onClick={() => setReturning(true)}
              >
                {R.request}
              </button>
              <p className="text-xs text-stone-600">
                {R.windowNote(formatOrderDate(returnUntil.toISOString()))}
              </p>
            </div>
          )}
        </div>
      )}

      {order.returnRequest && (
        <section className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm">
          <h3 className="font-semibold text-stone-900">{R.heading}</h3>
          <dl className="mt-2 space-y-1">
            <Row label={R.status} value={order.returnRequest.status} testId="return-status" />
            <Row label={R.requestedOn} value={formatOrderTime(order.returnRequest.requestedAt)} />
            <Row
              label={R.items}
              value={order.returnRequest.items
                .map((item) => `${item.name} (${item.selectedColor}, ${item.selectedSize})`)
                .join('; ')}
            />
            <Row label={R.reason} value={order.returnRequest.reason} />
          </dl>
          <p className="mt-2 text-stone-700">{R.statusNote[order.returnRequest.status]}</p>
        </section>
      )}
    </article>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-700">{label}</dt>
      <dd className="text-right font-medium break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The order's delivery status and how it is paid, as chips. */
export function OrderStatus({ order }: { order: Order }) {
  return (
    <dl className="flex flex-wrap gap-2 text-xs font-semibold">
      <div
        className={`rounded-full px-3 py-1 ${STATUS_TONE[order.deliveryStatus] ?? 'bg-brand-100 text-brand-900'}`}
      >
        <dt className="sr-only">{T.delivery}</dt>
        <dd data-testid="delivery-status">{order.deliveryStatus}</dd>
      </div>
      <div className="rounded-full bg-stone-100 px-3 py-1 text-stone-800">
        <dt className="inline">{T.payment}: </dt>
        <dd className="inline">
          {T.paymentMode[order.paymentMode]} · {shownPaymentStatus(order) ?? T.nothingDue}
        </dd>
      </div>
    </dl>
  );
}

/** An online order not paid yet, still in time: it is not confirmed, and "Pay now". */
export function PayNowNotice({ order }: { order: Order }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="min-w-0 flex-1">{T.notConfirmed}</p>
      <Link to={payNowPath(order._id)} className="btn-primary" aria-label={T.payNowLabel(order.orderNumber)}>
        {T.payNow}
      </Link>
    </div>
  );
}

/** Whether the order still waits for an online payment that can be made now. */
export function awaitsPayment(order: Order, now: Date): boolean {
  const { due } = orderOutcome(order);
  return due.kind === 'pay-online' && msLeftToPay(due.payBy, now) > 0;
}
