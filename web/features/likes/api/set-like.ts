import { API } from '../../../../common/api-paths';
import type { LikeState } from '../../../../common/schemas/likes';
import { api } from '../../../lib/api-client';

/** `POST /api/products/{id}/like` when `liked`, `DELETE` otherwise (SPEC.md §7); both are idempotent. */
export function setLike(productId: string, liked: boolean): Promise<LikeState> {
  const url = API.likes.like(productId);
  return liked ? api.post<LikeState>(url) : api.delete<LikeState>(url);
}
