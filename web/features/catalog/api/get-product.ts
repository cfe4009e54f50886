import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { ProductDetail } from '../../../../common/schemas/catalog';
import { api, HttpError } from '../../../lib/api-client';

export const productQueryKey = (id: string) => ['catalog', 'product', id] as const;

/** GET /api/products/{id}; an unknown id answers 404. */
export function fetchProduct(id: string): Promise<ProductDetail> {
  return api.get<ProductDetail>(API.catalog.product(id));
}

/** True when the error is the API's "no such product" answer. */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: () => fetchProduct(id),
    // A 404 will not change on a second try; other failures get the app's one retry.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}
