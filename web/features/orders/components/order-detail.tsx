import { useCallback } from 'react';
import type { Order, RequestReturn } from '../../../../common/schemas/order';
import { toast } from '../../../components/ui/toast';
import { HttpError } from '../../../lib/api-client';
import { useCancelOrderMutation } from '../api/cancel-order';
import { useRequestReturnMutation } from '../api/request-return';
import { useNow } from '../lib/use-now';
import { RETURN_TEXTS as R, MY_ORDERS_TEXTS as T } from '../texts';
import { OrderCard } from './order-card';

/** One order in full, on its own page, with the actions allowed now (cancel, request a return). */
export function OrderDetail({ order }: { order: Order }) {
  const cancel = useCancelOrderMutation();
  const requestReturn = useRequestReturnMutation();
  const now = useNow();
  const { mutateAsync } = cancel;
  const { mutateAsync: sendReturn } = requestReturn;

  const onCancel = useCallback(
    async (toCancel: Order) => {
      try {
        const cancelled = await mutateAsync(toCancel._id);
        toast.success(T.cancelled(cancelled.orderNumber));
      } catch (error) {
        const message = error instanceof HttpError ? HttpError.messageOf(error.data) : undefined;
        toast.error(message ?? T.cancelFailed);
      }
    },
    [mutateAsync],
  );

  const onRequestReturn = useCallback(
    async (toReturn: Order, body: RequestReturn) => {
      try {
        await sendReturn({ orderId: toReturn._id, body });
        toast.success(R.requested(toReturn.orderNumber));
        return true;
      } catch (error) {
        const message = error instanceof HttpError ? HttpError.messageOf(error.data) : undefined;
        toast.error(message ?? R.failed);
        return false;
      }
    },
    [sendReturn],
  );

  return (
    <OrderCard
      order={order}
      now={now}
      onCancel={onCancel}
      cancelling={cancel.isPending}
      onRequestReturn={onRequestReturn}
      requestingReturn={requestReturn.isPending}
    />
  );
}
