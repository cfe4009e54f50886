import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { errorResponses } from '../../../common/schemas/errors';
import {
  adminReviewsQuerySchema,
  adminReviewsSchema,
  type MyReview,
  type ReviewStatus,
  rejectReviewSchema,
  reviewIdParamsSchema,
  savedReviewSchema,
} from '../../../common/schemas/reviews';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { ReviewsService } from './reviews.service';

/** Approves or rejects a review, keeping the product's rating in step (a flow: reviews and catalog). */
export type ModerateReview = (
  actor: Actor,
  reviewId: string,
  status: Exclude<ReviewStatus, 'pending'>,
  note?: string,
) => Promise<MyReview>;

/**
 * Staff moderation of reviews (docs/decisions/010). Registered in the admin plugin (admin.routes.ts), whose
 * guard answers 401 to a guest and 403 to a customer before these handlers run. Every staff role may
 * moderate.
 */
export async function reviewsAdminRoutes(
  app: FastifyInstance,
  { reviews, moderate }: { reviews: Pick<ReviewsService, 'forStaff'>; moderate: ModerateReview },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.reviews,
    {
      schema: {
        summary: 'List reviews for moderation',
        description:
          'By state (pending by default): waiting reviews oldest first, published and rejected ones last moderated first.',
        tags: ['staff'],
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsSchema, ...errorResponses(401, 403) },
      },
      config: { permission: 'shop:read' },
    },
    (request) => reviews.forStaff(request.query.status, request.query.page),
  );

  routes.post(
    API.admin.approveReview.pattern,
    {
      schema: {
        summary: 'Approve a review',
        description: "Publishes it (and its photo) and updates the product's rating.",
        tags: ['staff'],
        params: reviewIdParamsSchema,
        response: { 200: savedReviewSchema, ...errorResponses(401, 403, 404) },
      },
      config: { permission: 'orders:handle' },
    },
    async (request) => ({
      review: await moderate(signedInUser(request), request.params.reviewId, 'approved'),
    }),
  );

  routes.post(
    API.admin.rejectReview.pattern,
    {
      schema: {
        summary: 'Reject a review',
        description: 'The note, if any, is shown to the author.',
        tags: ['staff'],
        params: reviewIdParamsSchema,
        // A rejection without a note sends no body at all (null to the validator).
        body: rejectReviewSchema.nullish(),
        response: { 200: savedReviewSchema, ...errorResponses(401, 403, 404, 422) },
      },
      config: { permission: 'orders:handle' },
    },
    async (request) => ({
      review: await moderate(signedInUser(request), request.params.reviewId, 'rejected', request.body?.note),
    }),
  );
}
