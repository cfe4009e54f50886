import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** `DELETE /api/reviews/{id}` (204): the author deletes their review. */
export async function deleteReview(reviewId: string): Promise<void> {
  await api.delete<void>(API.reviews.one(reviewId));
}

export function useDeleteReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.product(productId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine(productId) }),
      ]),
  });
}
