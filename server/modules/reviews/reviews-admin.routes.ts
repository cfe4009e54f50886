import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReviewsQuerySchema,
  adminReviewsSchema,
  rejectReviewSchema,
  reviewIdParamsSchema,
  savedReviewSchema,
} from '../../../common/schemas/reviews';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../errors';
import { createModerateReviewFlow } from '../../flows/review-changes';
import { createCatalogRepository } from '../catalog/catalog.repository';
import { createCatalogService } from '../catalog/catalog.service';
import { createReviewsService } from './reviews.service';

/**
 * Staff moderation of reviews (issue 5). Registered inside the admin plugin (admin.routes.ts), whose
 * guard answers 401 to a guest and 403 to a customer before these handlers run. The admin screen comes
 * with the admin issue; until then staff use these calls directly.
 */
export async function reviewsAdminRoutes(
  app: FastifyInstance,
  { db, now = () => new Date() }: { db: Db; now?: () => Date },
) {
  const catalog = createCatalogService(createCatalogRepository(db));
  const reviews = createReviewsService(db);
  const moderate = createModerateReviewFlow({ db, now });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staffId = (user: { id: string } | null) => {
    if (!user) throw new UnauthorizedError();
    return user.id;
  };

  routes.get(
    '/reviews',
    { schema: { querystring: adminReviewsQuerySchema, response: { 200: adminReviewsSchema } } },
    (request) => reviews.forStaff(request.query.status, request.query.page, catalog),
  );

  routes.post(
    '/reviews/:reviewId/approve',
    { schema: { params: reviewIdParamsSchema, response: { 200: savedReviewSchema } } },
    async (request) => ({
      review: await moderate(staffId(request.user), request.params.reviewId, 'approved'),
    }),
  );

  routes.post(
    '/reviews/:reviewId/reject',
    {
      schema: {
        params: reviewIdParamsSchema,
        // A rejection without a note sends no body at all (null to the validator).
        body: rejectReviewSchema.nullish(),
        response: { 200: savedReviewSchema },
      },
    },
    async (request) => ({
      review: await moderate(staffId(request.user), request.params.reviewId, 'rejected', request.body?.note),
    }),
  );
}
