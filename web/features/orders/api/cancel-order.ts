import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { cancelledOrderSchema, type MyOrders, type Order } from '../../../../common/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** `POST /api/order/{id}/cancel`: 200 `{order}`; 409 past the 6-hour window or once shipped. */
export async function cancelOrder(orderId: string): Promise<Order> {
  const answer = await api.post<unknown>(API.order.cancel(orderId), {});
  return cancelledOrderSchema.parse(answer).order;
}

/** Cancels and puts the answered order into every cached page of My Orders at once. */
export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(order._id), order);
      queryClient.setQueriesData<MyOrders>({ queryKey: orderKeys.mine() }, (list) =>
        list ? { ...list, orders: list.orders.map((item) => (item._id === order._id ? order : item)) } : list,
      );
    },
    // After a 409 too: the list and the order's page then show it as it is now, without the button.
    onSettled: (_answer, _error, orderId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
      ]),
  });
}
