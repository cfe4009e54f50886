import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { awaitingOnlinePayment } from '../../../../common/payment-window';
import type { Order, OrderPayment } from '../../../../common/schemas/order';
import { PAYMENT_RETURN_PARAMS } from '../../../../common/schemas/payment';
import { HttpError } from '../../../lib/api-client';
import { orderKeys } from '../api/keys';
import { usePayOrderMutation } from '../api/pay-order';
import { useVerifyPaymentMutation } from '../api/verify-payment';
import { PAYMENT_TEXTS as T } from '../texts';
import { goToSimulatorPage, openRazorpayCheckout, type PaymentResult } from './open-payment';

/** Where paying the order stands on this page. */
export type PaymentStep =
  | { kind: 'idle' }
  /** "Pay now" asked the server for the order's payment. */
  | { kind: 'preparing' }
  | { kind: 'redirecting' }
  | { kind: 'opening' }
  | { kind: 'verifying' }
  /** The shopper did not pay: declined on the payment page, or the window closed or never opened. */
  | { kind: 'unpaid'; failed: boolean; message?: string }
  /** The server refused the result, refunds it, or could not give the payment (its message says which). */
  | { kind: 'refused'; message: string };

/** The signed result in the address bar after the simulator's page sent the browser back. */
function returnedResult(params: URLSearchParams): PaymentResult | null {
  const providerOrderId = params.get(PAYMENT_RETURN_PARAMS.providerOrderId);
  const paymentId = params.get(PAYMENT_RETURN_PARAMS.paymentId);
  const signature = params.get(PAYMENT_RETURN_PARAMS.signature);
  return providerOrderId && paymentId && signature ? { providerOrderId, paymentId, signature } : null;
}

/** `?pay` on an order's page: pay it at once (My Orders' "Pay now" links there). */
export const PAY_NOW_PARAM = 'pay';

/** The order's page, opening its payment at once. */
export const payNowPath = (orderId: string) =>
  `/order-confirmed/${encodeURIComponent(orderId)}?${PAY_NOW_PARAM}`;

const messageOf = (error: unknown) =>
  error instanceof HttpError ? HttpError.messageOf(error.data) : undefined;

/**
 * Paying an online order from its page (docs/decisions/006-payments.md). Right after placing, it opens
 * the payment the place-order answer described: the simulator's page (the browser leaves and comes
 * back with the signed result) or Razorpay Checkout over this page. A signed result is sent to the
 * server to verify; a failed or abandoned payment is reported. `payNow` asks the server for the
 * order's payment again and opens it, so paying works after a reload or a declined attempt too.
 */
export function useOnlinePayment(order: Order) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { mutateAsync: verify } = useVerifyPaymentMutation();
  const { mutateAsync: reopen } = usePayOrderMutation();
  const [step, setStep] = useState<PaymentStep>({ kind: 'idle' });
  const started = useRef(false);

  const confirm = useCallback(
    async (result: PaymentResult) => {
      setStep({ kind: 'verifying' });
      try {
        await verify({ orderId: order._id, ...result });
        setStep({ kind: 'idle' });
      } catch (error) {
        setStep({ kind: 'refused', message: messageOf(error) ?? T.notVerified });
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
      openRazorpayCheckout({
        payment,
        order,
        onPaid: (result) => void confirm(result),
        onClosed: () => setStep({ kind: 'unpaid', failed: false, message: T.closed }),
      }).catch(() => setStep({ kind: 'unpaid', failed: false, message: T.openFailed }));
    },
    [order, confirm],
  );

  const payNow = useCallback(async () => {
    setStep({ kind: 'preparing' });
    try {
      const { payment } = await reopen(order._id);
      open(payment);
    } catch (error) {
      setStep({ kind: 'refused', message: messageOf(error) ?? T.reopenFailed });
    }
  }, [reopen, order._id, open]);

  // Once per visit, as the page was on arrival (the ref keeps StrictMode's second effect run, and
  // later renders, from paying twice): verify a result the browser came back with, report a failed
  // one, open the payment of the order just placed, or pay when asked to by `?pay`. The address bar need not keep the values
  // afterwards: the page shows the outcome, and a reload reads the order's state from the server.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const result = returnedResult(params);
    if (result) {
      setParams({}, { replace: true });
      void confirm(result);
      return;
    }
    if (params.get(PAYMENT_RETURN_PARAMS.outcome) === 'failed') {
      setParams({}, { replace: true });
      setStep({ kind: 'unpaid', failed: true });
      return;
    }
    if (params.has(PAY_NOW_PARAM)) {
      setParams({}, { replace: true });
      if (awaitingOnlinePayment(order)) void payNow();
      return;
    }
    const payment = queryClient.getQueryData<OrderPayment>(orderKeys.payment(order._id));
    if (payment && awaitingOnlinePayment(order)) open(payment);
  }, [params, setParams, confirm, queryClient, order, open, payNow]);

  return { step, payNow };
}
