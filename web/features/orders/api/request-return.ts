import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import {
  type MyOrders,
  type RequestReturn,
  type ReturnedOrder,
  returnedOrderSchema,
} from '../../../../common/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/order/{id}/return`: 201 `{order, returnRequest}`; 409 past 7 days of delivery, not
 * delivered or already requested; 422 nothing refundable.
 */
export async function requestReturn(orderId: string, body: RequestReturn): Promise<ReturnedOrder> {
  return returnedOrderSchema.parse(await api.post<unknown>(API.order.return(orderId), body));
}

/** Asks for the return and puts the answered order into every cached page of My Orders at once. */
export function useRequestReturnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: RequestReturn }) => requestReturn(orderId, body),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKeys.one(order._id), order);
      queryClient.setQueriesData<MyOrders>({ queryKey: orderKeys.mine() }, (list) =>
        list ? { ...list, orders: list.orders.map((item) => (item._id === order._id ? order : item)) } : list,
      );
    },
    // After a 409 too: the list and the order's page then show it as it is now, without the button.
    onSettled: (_answer, _error, { orderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
      ]),
  });
}
