import type { ReviewStatus } from '../../../common/schemas/reviews';
import { reviews } from '../../modules/reviews/reviews.schema';
import type { Db } from '../client';

/** A review as the seed and the tests describe it, before it is stored. */
export interface ReviewInput {
  productId: string;
  userId: string;
  authorName: string;
  rating: number;
  title: string;
  comment: string;
  /** `approved` unless told; a review with a photo waits (`pending`) when written in the shop. */
  status: ReviewStatus;
  /** The stored photo's key stem and size, with the author's consent given when it was written. */
  photo: { key: string; width: number; height: number } | null;
  helpfulCount: number;
  createdAt: Date;
}

/** A valid review of `productId` by `userId`; pass only what a test cares about. */
export function buildReview(
  overrides: Partial<ReviewInput> & Pick<ReviewInput, 'productId' | 'userId'>,
): ReviewInput {
  return {
    authorName: 'Asha V.',
    rating: 5,
    title: 'Lovely',
    comment: 'Soft fabric, true to size.',
    status: 'approved',
    photo: null,
    helpfulCount: 0,
    createdAt: new Date(),
    ...overrides,
  };
}

/**
 * Stores reviews in one statement and answers their ids in the same order. It leaves the products'
 * rating and count as they are: the seed computes those with the catalog, and a test that reads them
 * writes its reviews through the API.
 */
export async function insertReviews(db: Db, inputs: ReviewInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = await db
    .insert(reviews)
    .values(
      inputs.map(({ photo, ...review }) => ({
        ...review,
        imageKey: photo?.key ?? null,
        imageWidth: photo?.width ?? null,
        imageHeight: photo?.height ?? null,
        imageConsentAt: photo ? review.createdAt : null,
      })),
    )
    .returning({ id: reviews.id });
  return rows.map((row) => row.id);
}
