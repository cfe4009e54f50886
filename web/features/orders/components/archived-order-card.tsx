import { useId } from 'react';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../../common/images';
import { formatInr } from '../../../../common/money';
import type { ArchivedOrderView } from '../api/archived-orders';
import { formatOrderDate } from '../lib/format';
import { ARCHIVED_ORDERS_TEXTS as T } from '../texts';

const CELL = 'px-1.5 py-2 sm:px-3';
/**
 * On a phone each line is a small card instead of a table row: the cells stack, each with its column's
 * name before it (from data-label), so nothing wraps mid-value; from sm up it is the table again.
 */
const PHONE_CELL =
  'max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:p-0 max-sm:text-left max-sm:before:text-stone-600 max-sm:before:content-[attr(data-label)]';
const { width, height } = PRODUCT_IMAGE_SIZES.sm;

/** One archived order (SPEC.md §2): number, date, statuses, total, and its lines in a table. */
export function ArchivedOrderCard({ order }: { order: ArchivedOrderView }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="surface-card p-4 sm:p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-display text-lg font-semibold break-all text-stone-900">
          {T.orderLabel(order.orderNumber)}
        </h2>
        <p className="text-base font-semibold text-stone-900">
          <span className="sr-only">{T.total}: </span>
          <span data-testid="archived-total">{formatInr(order.totalPrice)}</span>
        </p>
      </header>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <Detail label={T.date} value={formatOrderDate(order.orderTimestamp)} testId="archived-date" />
        <Detail label={T.delivery} value={order.deliveryStatus ?? '-'} testId="archived-delivery" />
        <Detail label={T.payment} value={order.paymentStatus ?? '-'} testId="archived-payment" />
      </dl>

      {order.lines.length === 0 ? (
        <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700">{T.noLines}</p>
      ) : (
        // A very long word scrolls sideways instead of breaking the page (browsers make such a scroller
        // keyboard-focusable themselves).
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">{T.itemsCaption(order.orderNumber)}</caption>
            <thead className="border-b border-brand-100 text-xs tracking-wide text-stone-600 uppercase max-sm:sr-only">
              <tr>
                <th scope="col" className={`${CELL} pl-0 font-semibold`}>
                  {T.columns.item}
                </th>
                <th scope="col" className={`${CELL} text-right font-semibold`}>
                  {T.columns.qty}
                </th>
                <th scope="col" className={`${CELL} text-right font-semibold`}>
                  {T.columns.price}
                </th>
                <th scope="col" className={`${CELL} font-semibold`}>
                  {T.columns.colorSize}
                </th>
                <th scope="col" className={`${CELL} pr-0 text-right font-semibold`}>
                  {T.columns.subtotal}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100 max-sm:block max-sm:border-t max-sm:border-brand-100">
              {order.lines.map((line) => (
                <tr key={line.key} className="align-top max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:py-3">
                  <td className={`${CELL} pl-0 font-medium text-stone-900 max-sm:p-0`}>
                    {/* The picture of the colour bought beside its name. */}
                    <div className="flex items-start gap-3">
                      {line.image && (
                        <img
                          src={productImageUrl(line.image, 'sm')}
                          width={width}
                          height={height}
                          alt=""
                          loading="lazy"
                          decoding="async"
                          className="h-14 w-[2.8rem] shrink-0 rounded bg-brand-50 object-cover"
                        />
                      )}
                      <span>{line.name ?? T.unknownItem}</span>
                    </div>
                  </td>
                  <td data-label={T.columns.qty} className={`${CELL} ${PHONE_CELL} text-right tabular-nums`}>
                    {line.quantity}
                  </td>
                  <td
                    data-label={T.columns.price}
                    className={`${CELL} ${PHONE_CELL} text-right whitespace-nowrap tabular-nums`}
                  >
                    {formatInr(line.price)}
                  </td>
                  <td data-label={T.columns.colorSize} className={`${CELL} ${PHONE_CELL}`}>
                    {line.color ?? '-'} / {line.size ?? '-'}
                  </td>
                  <td
                    data-label={T.columns.subtotal}
                    className={`${CELL} ${PHONE_CELL} pr-0 text-right whitespace-nowrap tabular-nums`}
                  >
                    {formatInr(line.price === null ? null : line.price * line.quantity)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-stone-600">{label}:</dt>
      <dd className="font-medium text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
