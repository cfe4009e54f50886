import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type PlacedOrder, type PlaceOrderInput, placedOrderSchema } from '../../../../common/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/**
 * `POST /api/order` (SPEC.md §3, §7): 201 `{order, payment}`. The Idempotency-Key makes a retry of the
 * same attempt give back the first answer instead of a second order. A success that is not an order
 * is an error ("Error placing order: …").
 */
export async function placeOrder(payload: PlaceOrderInput, idempotencyKey: string): Promise<PlacedOrder> {
  const answer = await api.post<unknown>(API.order.place, payload, { 'Idempotency-Key': idempotencyKey });
  const parsed = placedOrderSchema.safeParse(answer);
  if (!parsed.success) throw new Error('The server’s answer was not an order.');
  return parsed.data;
}

export function usePlaceOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: PlaceOrderInput; idempotencyKey: string }) =>
      placeOrder(payload, idempotencyKey),
    onSuccess: ({ order, payment }) => {
      queryClient.setQueryData(orderKeys.one(order._id), order);
      // The confirmation page opens the payment of an online order from this.
      if (payment) queryClient.setQueryData(orderKeys.payment(order._id), payment);
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
    },
  });
}
