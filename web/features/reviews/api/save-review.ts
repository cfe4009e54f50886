import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { type MyReview, type ReviewFieldsInput, savedReviewSchema } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './keys';

export interface ReviewForm {
  fields: ReviewFieldsInput;
  /** The chosen photo, if any. */
  photo: File | null;
}

/** The multipart body both calls send: the text fields, and the photo in field `image`. */
function formDataOf({ fields, photo }: ReviewForm): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, String(value));
  }
  if (photo) form.append('image', photo, photo.name);
  return form;
}

/** `POST /api/products/{id}/reviews` (201 `{review}`) or, with `reviewId`, `PUT /api/reviews/{id}`. */
export async function saveReview(
  productId: string,
  reviewId: string | null,
  form: ReviewForm,
): Promise<MyReview> {
  const body = formDataOf(form);
  const answer = reviewId
    ? await api.put<unknown>(API.reviews.one(reviewId), body)
    : await api.post<unknown>(API.reviews.product(productId), body);
  return savedReviewSchema.parse(answer).review;
}

/** Saves the review, then reloads the product's reviews and the shopper's own. */
export function useSaveReview(productId: string, reviewId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ReviewForm) => saveReview(productId, reviewId, form),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.product(productId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine(productId) }),
      ]),
  });
}
