import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Order, OrderPayment } from '../../../../common/schemas/order';
import { PAYMENT_RETURN_PARAMS } from '../../../../common/schemas/payment';
import { HttpError } from '../../../lib/api-client';
import { orderKeys } from '../api/keys';
import { useVerifyPaymentMutation } from '../api/verify-payment';
import { goToSimulatorPage, openRazorpayCheckout, type PaymentResult } from '../lib/open-payment';
import { PAYMENT_TEXTS as T } from '../texts';

type Step =
  | { kind: 'idle' }
  | { kind: 'redirecting' }
  | { kind: 'opening' }
  | { kind: 'verifying' }
  /** The shopper did not pay (declined, window closed, script not loaded); `retry` opens it again. */
  | { kind: 'unpaid'; title: string; retry?: () => void }
  /** The server refused the result or refunds it (its message says which). */
  | { kind: 'refused'; message: string };

/** The signed result in the address bar after the simulator's page sent the browser back. */
function returnedResult(params: URLSearchParams): PaymentResult | null {
  const providerOrderId = params.get(PAYMENT_RETURN_PARAMS.providerOrderId);
  const paymentId = params.get(PAYMENT_RETURN_PARAMS.paymentId);
  const signature = params.get(PAYMENT_RETURN_PARAMS.signature);
  return providerOrderId && paymentId && signature ? { providerOrderId, paymentId, signature } : null;
}

const UNPAID_STATUSES: readonly string[] = ['Pending', 'Failed'];

/**
 * The payment part of an online order's confirmation (docs/decisions/006-payments.md). Right after
 * placing, it opens the payment the place-order answer described: the simulator's page (the browser
 * leaves and comes back here with the signed result) or Razorpay Checkout over this page. A signed
 * result is sent to the server to verify, then the order shows Paid; a failed or abandoned payment
 * says so, and the order waits in My Orders until it is paid or expires.
 */
export function OnlinePayment({ order }: { order: Order }) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { mutateAsync: verify } = useVerifyPaymentMutation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const started = useRef(false);

  const confirm = useCallback(
    async (result: PaymentResult) => {
      setStep({ kind: 'verifying' });
      try {
        await verify({ orderId: order._id, ...result });
        setStep({ kind: 'idle' });
      } catch (error) {
        const message = error instanceof HttpError ? HttpError.messageOf(error.data) : undefined;
        setStep({ kind: 'refused', message: message ?? T.failedTitle });
      }
    },
    [verify, order._id],
  );

  const open = useCallback(
    (payment: OrderPayment) => {
      if (payment.provider === 'simulator') {
        setStep({ kind: 'redirecting' });
        goToSimulatorPage(payment.providerOrderId);
        return;
      }
      setStep({ kind: 'opening' });
      const retry = () => open(payment);
      openRazorpayCheckout({
        payment,
        order,
        onPaid: (result) => void confirm(result),
        onClosed: () => setStep({ kind: 'unpaid', title: T.closedTitle, retry }),
      }).catch(() => setStep({ kind: 'unpaid', title: T.openFailedTitle, retry }));
    },
    [order, confirm],
  );

  // Once per visit, as the page was on arrival (the ref keeps StrictMode's second effect run, and
  // later renders, from paying twice): verify a result the browser came back with, report a failed
  // one, or open the payment of the order just placed.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const result = returnedResult(params);
    if (result) {
      // The address bar need not keep the signed values; the page shows the outcome.
      setParams({}, { replace: true });
      void confirm(result);
      return;
    }
    if (params.get(PAYMENT_RETURN_PARAMS.outcome) === 'failed') {
      const providerOrderId = params.get(PAYMENT_RETURN_PARAMS.providerOrderId);
      setStep({
        kind: 'unpaid',
        title: T.failedTitle,
        retry: providerOrderId ? () => goToSimulatorPage(providerOrderId) : undefined,
      });
      return;
    }
    const payment = queryClient.getQueryData<OrderPayment>(orderKeys.payment(order._id));
    if (payment && UNPAID_STATUSES.includes(order.paymentStatus)) open(payment);
  }, [params, setParams, confirm, queryClient, order._id, order.paymentStatus, open]);

  const unpaid = UNPAID_STATUSES.includes(order.paymentStatus);
  return (
    <div className="mt-4 space-y-2 text-stone-700">
      <p className="font-semibold text-stone-900" data-testid="payment-status">
        {T.status(order.paymentStatus)}
      </p>
      {step.kind === 'redirecting' && <p role="status">{T.redirecting}</p>}
      {step.kind === 'opening' && <p role="status">{T.opening}</p>}
      {step.kind === 'verifying' && <p role="status">{T.verifying}</p>}
      {step.kind === 'refused' && (
        <p role="alert" className="font-medium text-red-800">
          {step.message}
        </p>
      )}
      {order.paymentStatus === 'Paid' && step.kind !== 'verifying' && <p>{T.paid}</p>}
      {unpaid && step.kind === 'unpaid' && (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-left">
          <p className="font-semibold text-amber-950">{step.title}</p>
          <p className="mt-1 text-sm text-amber-950">
            {T.waiting} {T.expiryNote}
          </p>
          {step.retry && (
            <button type="button" className="btn-primary mt-3" onClick={step.retry}>
              {T.tryAgain}
            </button>
          )}
        </div>
      )}
      {unpaid && step.kind === 'idle' && (
        <p className="text-sm">
          {T.waiting} {T.expiryNote}
        </p>
      )}
    </div>
  );
}
