import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type HappyCustomers, happyCustomersSchema } from '../../../../common/schemas/reviews';
import { api, toQueryString } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** `GET /api/reviews/happy-customers?page=n`: approved photo reviews of 4–5 stars, newest first. */
export async function getHappyCustomers(page: number): Promise<HappyCustomers> {
  return happyCustomersSchema.parse(
    await api.get<unknown>(`${API.reviews.happyCustomers}${toQueryString({ page })}`),
  );
}

export function useHappyCustomers(page: number) {
  return useQuery({
    queryKey: reviewKeys.happyCustomers(page),
    queryFn: () => getHappyCustomers(page),
    placeholderData: keepPreviousData,
  });
}
