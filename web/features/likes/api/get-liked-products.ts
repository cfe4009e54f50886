import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { ProductSummary } from '../../../../common/schemas/catalog';
import type { LikedProducts } from '../../../../common/schemas/likes';
import { api, toQueryString } from '../../../lib/api-client';

/** Every query of this file starts with this key, so a change of likes can mark them all stale. */
export const likedProductsKey = ['likes', 'products'] as const;

/** `GET /api/products/likes`: the signed-in shopper's liked products, newest like first. */
export async function fetchLikedProducts(): Promise<ProductSummary[]> {
  return (await api.get<LikedProducts>(API.likes.products)).products;
}

/** `GET /api/products/likes/summaries?ids=`: summaries of a guest's locally kept likes, in that order. */
export async function fetchProductSummaries(ids: readonly string[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  return (await api.get<LikedProducts>(`${API.likes.summaries}${toQueryString({ ids: ids.join(',') })}`))
    .products;
}

/**
 * The liked products to show: from the server's list for a signed-in shopper, or looked up by the
 * stored ids for a guest. Always re-read when a wishlist opens; the previous list stays on screen
 * while a guest's changed ids are looked up.
 */
export function useLikedProductsQuery(
  owner: { signedIn: true; userId: string } | { signedIn: false; ids: readonly string[] },
  enabled: boolean,
) {
  return useQuery({
    queryKey: owner.signedIn
      ? [...likedProductsKey, 'user', owner.userId]
      : [...likedProductsKey, 'guest', owner.ids.join(',')],
    queryFn: () => (owner.signedIn ? fetchLikedProducts() : fetchProductSummaries(owner.ids)),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
