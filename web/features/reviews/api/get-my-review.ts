import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type ReviewEligibility, reviewEligibilitySchema } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** `GET /api/products/{id}/reviews/mine`: whether the signed-in shopper may review, and their review. */
export async function getMyReview(productId: string): Promise<ReviewEligibility> {
  return reviewEligibilitySchema.parse(await api.get<unknown>(API.reviews.mine(productId)));
}

/** Asked only for a signed-in shopper (`enabled`); a guest is told to sign in without a call. */
export function useMyReview(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(productId),
    queryFn: () => getMyReview(productId),
    enabled,
  });
}
