import type { ReviewSort } from '../../../../common/schemas/reviews';

/** TanStack Query keys of the review calls. */
export const reviewKeys = {
  all: ['reviews'] as const,
  product: (productId: string) => ['reviews', 'product', productId] as const,
  productPage: (productId: string, page: number, sort: ReviewSort) =>
    ['reviews', 'product', productId, page, sort] as const,
  mine: (productId: string) => ['reviews', 'mine', productId] as const,
  happyCustomers: (page: number) => ['reviews', 'happy-customers', page] as const,
};
