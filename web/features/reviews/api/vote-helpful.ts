import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type HelpfulState, helpfulStateSchema } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** `POST /api/reviews/{id}/helpful` marks a review helpful, `DELETE` takes the vote back. */
export async function voteHelpful(reviewId: string, helpful: boolean): Promise<HelpfulState> {
  const url = API.reviews.helpful(reviewId);
  return helpfulStateSchema.parse(helpful ? await api.post<unknown>(url) : await api.delete<unknown>(url));
}

export function useVoteHelpful(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: string; helpful: boolean }) =>
      voteHelpful(reviewId, helpful),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.product(productId) }),
  });
}
