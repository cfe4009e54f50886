import { useId } from 'react';
import { Link } from 'react-router';
import { formatRs } from '../../../../common/money';
import type { Order } from '../../../../common/schemas/order';
import {
  type Due,
  formatPayBy,
  formatTimeLeft,
  type Headline,
  msLeftToPay,
  orderOutcome,
} from '../lib/order-outcome';
import { useNow } from '../lib/use-now';
import { type PaymentStep, useOnlinePayment } from '../lib/use-online-payment';
import { CONFIRMATION_TEXTS as C, PAYMENT_TEXTS as P } from '../texts';

/** The headings that end well get the page's festive motif; the others say their news plainly. */
const GOOD_NEWS: readonly Headline[] = ['placed', 'delivered', 'returned'];

/**
 * An order's page after placing it (/order-confirmed/{id}), read from the order's state: a heading
 * that says where it stands, and what is due. An online order not paid yet says so first, with the
 * time left to pay and "Pay now"; it never thanks the shopper for an order that is not confirmed.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  const { step, payNow } = useOnlinePayment(order);
  const outcome = orderOutcome(order);
  const headingId = useId();
  const awaiting = outcome.due.kind === 'pay-online' ? outcome.due : null;
  // Back from the payment page with a declined payment, before the provider's word reached the order.
  const headline: Headline =
    awaiting && step.kind === 'unpaid' && step.failed ? 'payment-failed' : outcome.headline;
  const confirming = awaiting !== null && step.kind === 'verifying';
  const total = formatRs(order.totalPrice);

  return (
    <section aria-labelledby={headingId} className="surface-card mx-auto max-w-xl p-6 text-center sm:p-8">
      {GOOD_NEWS.includes(headline) && <div className="empty-motif mx-auto mb-4" aria-hidden="true" />}
      <h1 id={headingId} className="font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
        {confirming ? P.verifying : C.headings[headline]}
      </h1>
      <StepMessage step={step} />
      {awaiting && !confirming && (
        <PayBox
          total={total}
          payBy={awaiting.payBy}
          busy={step.kind !== 'idle' && step.kind !== 'unpaid' && step.kind !== 'refused'}
          onPayNow={() => void payNow()}
        />
      )}
      <p className="mt-4 text-stone-700">{C.orderNumber}</p>
      <p className="font-mono text-xl font-semibold break-all text-brand-900" data-testid="order-number">
        {order.orderNumber}
      </p>
      {outcome.due.kind !== 'pay-online' && (
        <p className="mt-4 text-stone-800" data-testid="amount-due">
          {dueText(outcome.due, total)}
        </p>
      )}
      {order.paymentMode === 'ONLINE' && (
        <p className="mt-2 text-sm font-semibold text-stone-700" data-testid="payment-status">
          {P.status(order.paymentStatus)}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/myorders" className={awaiting ? 'btn-secondary' : 'btn-primary'}>
          {C.myOrders}
        </Link>
        <Link to="/" className="btn-secondary">
          {C.keepShopping}
        </Link>
      </div>
    </section>
  );
}

function dueText(due: Exclude<Due, { kind: 'pay-online' }>, total: string): string {
  if (due.kind === 'cash-on-delivery') return C.codNote(total);
  if (due.refund === 'initiated') return C.refundInitiated;
  if (due.refund === 'refunded') return C.refunded;
  if (due.paid === 'online') return C.paidOnline(total);
  if (due.paid === 'on-delivery') return C.paidOnDelivery(total);
  return C.nothingDue;
}

/** What paying is doing right now, or why it stopped. */
function StepMessage({ step }: { step: PaymentStep }) {
  const status = {
    preparing: P.preparing,
    redirecting: P.redirecting,
    opening: P.opening,
    verifying: P.verifying,
  } as const;
  if (step.kind in status) {
    return (
      <p role="status" className="mt-3 text-stone-700">
        {status[step.kind as keyof typeof status]}
      </p>
    );
  }
  const problem = step.kind === 'refused' ? step.message : step.kind === 'unpaid' ? step.message : undefined;
  if (!problem) return null;
  return (
    <p role="alert" className="mt-3 font-medium text-red-800">
      {problem}
    </p>
  );
}

/** The amount, the time left before the unpaid order is cancelled (ticking), and "Pay now". */
function PayBox({
  total,
  payBy,
  busy,
  onPayNow,
}: {
  total: string;
  payBy: Date;
  busy: boolean;
  onPayNow: () => void;
}) {
  const now = useNow(1000);
  const labelId = useId();
  const left = msLeftToPay(payBy, now);
  if (left === 0) {
    return (
      <p className="mt-4 rounded-xl border border-stone-300 bg-stone-50 p-4 text-left text-stone-800">
        {P.timeUp}
      </p>
    );
  }
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-left text-amber-950">
      <p className="font-semibold">{P.payToConfirm(total)}</p>
      <p className="mt-2 flex items-baseline justify-between gap-3">
        <span id={labelId}>{P.timeLeft}</span>
        <span
          role="timer"
          aria-labelledby={labelId}
          data-testid="time-left"
          className="font-mono text-2xl font-semibold tabular-nums"
        >
          {formatTimeLeft(left)}
        </span>
      </p>
      <p className="mt-1 text-sm">{P.expiryNote(formatPayBy(payBy))}</p>
      <button type="button" className="btn-primary mt-4 w-full" disabled={busy} onClick={onPayNow}>
        {P.payNow}
      </button>
    </div>
  );
}
