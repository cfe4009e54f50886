import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import {
  type ProductReviews,
  productReviewsSchema,
  type ReviewSort,
} from '../../../../common/schemas/reviews';
import { api, toQueryString } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** `GET /api/products/{id}/reviews?page=&sort=`: a page of approved reviews and the rating summary. */
export async function getProductReviews(
  productId: string,
  page: number,
  sort: ReviewSort,
): Promise<ProductReviews> {
  const answer = await api.get<unknown>(`${API.reviews.product(productId)}${toQueryString({ page, sort })}`);
  return productReviewsSchema.parse(answer);
}

export function useProductReviews(productId: string, page: number, sort: ReviewSort) {
  return useQuery({
    queryKey: reviewKeys.productPage(productId, page, sort),
    queryFn: () => getProductReviews(productId, page, sort),
    placeholderData: keepPreviousData,
  });
}
