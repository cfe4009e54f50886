import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type PayOrderAnswer, payOrderAnswerSchema } from '../../../../common/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/order/{id}/pay`: the payment of an unpaid online order again, as placing it answered
 * ("Pay now"); 409 when the order has nothing left to pay or its 30 minutes have run out.
 */
export async function payOrder(orderId: string): Promise<PayOrderAnswer> {
  return payOrderAnswerSchema.parse(await api.post<unknown>(API.order.pay(orderId), {}));
}

export function usePayOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKeys.one(order._id), order);
    },
    // A 409 means the order changed (paid, cancelled, expired): read it again to show what it is now.
    onError: (_error, orderId) => queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
  });
}
