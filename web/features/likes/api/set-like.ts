import { LIKES_API, type LikeState } from '../../../../common/schemas/likes';
import { api } from '../../../lib/api-client';

/** `POST /api/products/{id}/like` when `liked`, `DELETE` otherwise (SPEC.md §7); both are idempotent. */
export function setLike(productId: string, liked: boolean): Promise<LikeState> {
  const url = LIKES_API.like(productId);
  return liked ? api.post<LikeState>(url) : api.delete<LikeState>(url);
}
