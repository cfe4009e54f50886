import { API } from '../../../../common/api-paths';
import type { LikedIds } from '../../../../common/schemas/likes';
import { api } from '../../../lib/api-client';

/** `GET /api/products/likes/ids` (SPEC.md §7): the signed-in shopper's liked product ids, newest first. */
export async function fetchLikedIds(): Promise<string[]> {
  const data = await api.get<Partial<LikedIds> | null>(API.likes.ids);
  const ids = data?.productIds;
  if (!Array.isArray(ids)) throw new Error('The likes answer has no productIds list');
  return ids.filter((id): id is string => typeof id === 'string');
}
