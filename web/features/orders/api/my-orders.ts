import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type MyOrders, myOrdersSchema } from '../../../../common/schemas/order';
import { api, toQueryString } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** `GET /api/order/myorders?page=n`: the shopper's orders, newest first, archived ones excluded. */
export async function getMyOrders(page: number): Promise<MyOrders> {
  const answer = await api.get<unknown>(`${API.order.mine}${toQueryString({ page })}`);
  return myOrdersSchema.parse(answer);
}

export const myOrdersQuery = (page: number) =>
  queryOptions({ queryKey: orderKeys.minePage(page), queryFn: () => getMyOrders(page) });

export function useMyOrders(page: number) {
  return useQuery({ ...myOrdersQuery(page), placeholderData: keepPreviousData });
}
