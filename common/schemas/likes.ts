import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { productSummarySchema } from './catalog';

/** Most ids one summaries call looks up; a list page holds no more. */
export const MAX_SUMMARY_IDS = MAX_PAGE_SIZE;

/** `GET /api/products/likes/ids`. */
export const likedIdsSchema = z.object({ productIds: z.array(z.string()) });
export type LikedIds = z.infer<typeof likedIdsSchema>;

/** `GET /api/products/likes` and `GET /api/products/likes/summaries`. */
export const likedProductsSchema = z.object({ products: z.array(productSummarySchema) });
export type LikedProducts = z.infer<typeof likedProductsSchema>;

/** `POST` and `DELETE /api/products/{id}/like`: the state after the call. */
export const likeStateSchema = z.object({ productId: z.string(), liked: z.boolean() });
export type LikeState = z.infer<typeof likeStateSchema>;

/**
 * `?ids=a,b,c` (comma-separated; repeated `ids=` parameters work too). Blank and repeated ids are
 * dropped, and only the first MAX_SUMMARY_IDS count: a hand-edited URL still gets an answer.
 */
export const summaryIdsQuerySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined)
    .transform((value) => {
      const parts = [value ?? []].flat().flatMap((part) => part.split(','));
      const ids = parts.map((id) => id.trim()).filter((id) => id.length > 0 && id.length <= 64);
      return [...new Set(ids)].slice(0, MAX_SUMMARY_IDS);
    }),
});
export type SummaryIdsQuery = z.infer<typeof summaryIdsQuerySchema>;
