import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type Order, orderSchema } from '../../../../common/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** `GET /api/order/{id}`: one of the shopper's orders (others' ids answer 404). */
export async function getOrder(orderId: string): Promise<Order> {
  return orderSchema.parse(await api.get<unknown>(API.order.one(orderId)));
}

export const orderQuery = (orderId: string) =>
  queryOptions({ queryKey: orderKeys.one(orderId), queryFn: () => getOrder(orderId), retry: false });

export function useOrder(orderId: string) {
  return useQuery(orderQuery(orderId));
}
