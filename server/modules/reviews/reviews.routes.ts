import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  happyCustomersQuerySchema,
  happyCustomersSchema,
  helpfulStateSchema,
  productReviewParamsSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEWS_API,
  type ReviewSubmission,
  reviewEligibilitySchema,
  reviewIdParamsSchema,
  reviewSubmissionSchema,
  savedReviewSchema,
} from '../../../common/schemas/reviews';
import type { Db } from '../../db/client';
import type { ReviewPhotoDrawer } from '../../db/demo/reviews-photos';
import { DomainError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { createReviewFlows, type ReviewAuthor } from '../../flows/review-changes';
import { requireUser } from '../../plugins/auth';
import type { StorageProvider } from '../../providers';
import { createCatalogRepository } from '../catalog/catalog.repository';
import { createCatalogService } from '../catalog/catalog.service';
import { createUsersService } from '../users/users.service';
import { ImageTooLargeError, REVIEW_IMAGE_FILE, UnsupportedImageError } from './review-images';
import { createReviewsService } from './reviews.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws the demo reviews' photos; main.ts runs its `drawMissing` in the background after listening. */
    reviewPhotos: ReviewPhotoDrawer;
  }
}

/** The form besides the photo: a handful of short fields. */
const FIELD_LIMITS = { fields: 10, fieldSize: 16 * 1024, fieldNameSize: 100, files: 1, parts: 12 } as const;
/** The whole request: the photo plus room for the fields and the multipart framing. */
const BODY_LIMIT = REVIEW_LIMITS.imageMaxBytes + 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HAPPY_CUSTOMERS_CACHE = 'public, max-age=60';

/** The signed-in shopper; requireUser has already answered 401 to a guest. */
function authorOf(request: FastifyRequest): ReviewAuthor {
  if (!request.user) throw new UnauthorizedError();
  return { id: request.user.id, name: request.user.name };
}

/**
 * 413 from the Content-Length alone, before any of the body is read. @fastify/multipart consumes the
 * stream itself, so Fastify's own bodyLimit never sees it; a body without a length (chunked) is still
 * bounded by the multipart limits (one file of at most imageMaxBytes, a few short fields).
 */
async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > BODY_LIMIT) throw new ImageTooLargeError();
}

/** The multipart errors a client can cause, as this API's own answers. */
function clientErrorOf(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ImageTooLargeError();
  if (code === 'FST_FILES_LIMIT')
    return new ValidationError([{ path: 'image', msg: REVIEW_MESSAGES.oneImage }]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new DomainError(400, 'The review form has unexpected fields.', 'BAD_FORM');
  }
  return error;
}

/**
 * Reads a review form: its text fields, checked with the shared schema (422 naming the field), and
 * the photo in field `image`, if one was chosen (an empty file input sends an empty part). The photo
 * stops being read at imageMaxBytes (413).
 */
async function readReviewForm(
  request: FastifyRequest,
): Promise<{ review: ReviewSubmission; image?: Buffer }> {
  if (!request.isMultipart()) throw new UnsupportedImageError(REVIEW_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          throw new ValidationError([{ path: part.fieldname, msg: REVIEW_MESSAGES.oneImage }]);
        }
        const data = await part.toBuffer();
        if (data.length > 0) image = data;
      } else if (part.valueTruncated) {
        throw new ValidationError([{ path: part.fieldname, msg: 'This field is too long.' }]);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw clientErrorOf(error);
  }
  const parsed = reviewSubmissionSchema.safeParse({ ...fields, hasImage: image !== undefined });
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), msg: issue.message })),
    );
  }
  return { review: parsed.data, image };
}

export interface ReviewsRoutesOptions {
  db: Db;
  storage: StorageProvider;
  /** Draws a demo review's photo when a browser asks for it before the background drawing has. */
  photos: ReviewPhotoDrawer;
  now?: () => Date;
}

/**
 * Reviews (issue 5, DESIGN.md §5): a product's reviews and rating summary, writing, editing and
 * deleting your own, helpful votes, the Happy Customers wall, and the photos at /uploads/reviews/.
 * Staff moderation is in reviews-admin.routes.ts, under /api/admin.
 */
export const reviewsRoutes = fp(
  async (app: FastifyInstance, { db, storage, photos, now = () => new Date() }: ReviewsRoutesOptions) => {
    app.decorate('reviewPhotos', photos);
    const catalog = createCatalogService(createCatalogRepository(db));
    const reviews = createReviewsService(db);
    const flows = createReviewFlows({
      db,
      storage,
      limits: createUsersService(db, { now }),
      now,
      log: app.log,
    });

    // Its own scope, so the multipart parser is known only to these routes.
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { ...FIELD_LIMITS, fileSize: REVIEW_LIMITS.imageMaxBytes } });
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      const signedIn = { preHandler: requireUser };
      const upload = { onRequest: refuseOversizedBody, bodyLimit: BODY_LIMIT };
      // Answers that depend on who asks (own review, own votes) are never stored by a shared cache.
      const privateAnswer = {
        onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
          reply.header('Cache-Control', 'no-store');
        },
      };

      routes.get(
        '/api/products/:id/reviews',
        {
          ...privateAnswer,
          schema: {
            params: productReviewParamsSchema,
            querystring: productReviewsQuerySchema,
            response: { 200: productReviewsSchema },
          },
        },
        (request) =>
          reviews.productReviews(request.params.id, request.query, request.user?.id ?? null, catalog),
      );

      routes.get(
        '/api/products/:id/reviews/mine',
        {
          ...signedIn,
          ...privateAnswer,
          schema: { params: productReviewParamsSchema, response: { 200: reviewEligibilitySchema } },
        },
        (request) => flows.eligibility(authorOf(request).id, request.params.id),
      );

      routes.post(
        '/api/products/:id/reviews',
        {
          ...signedIn,
          ...upload,
          ...privateAnswer,
          schema: { params: productReviewParamsSchema, response: { 201: savedReviewSchema } },
        },
        async (request, reply) => {
          const { review, image } = await readReviewForm(request);
          const saved = await flows.write(authorOf(request), request.params.id, review, image);
          return reply.status(201).send({ review: saved });
        },
      );

      routes.put(
        '/api/reviews/:reviewId',
        {
          ...signedIn,
          ...upload,
          ...privateAnswer,
          schema: { params: reviewIdParamsSchema, response: { 200: savedReviewSchema } },
        },
        async (request) => {
          const { review, image } = await readReviewForm(request);
          return { review: await flows.edit(authorOf(request), request.params.reviewId, review, image) };
        },
      );

      routes.delete(
        '/api/reviews/:reviewId',
        { ...signedIn, ...privateAnswer, schema: { params: reviewIdParamsSchema } },
        async (request, reply) => {
          await flows.remove(authorOf(request), request.params.reviewId);
          return reply.status(204).send();
        },
      );

      routes.post(
        '/api/reviews/:reviewId/helpful',
        {
          ...signedIn,
          ...privateAnswer,
          schema: { params: reviewIdParamsSchema, response: { 200: helpfulStateSchema } },
        },
        (request) => reviews.voteHelpful(authorOf(request).id, request.params.reviewId, now()),
      );

      routes.delete(
        '/api/reviews/:reviewId/helpful',
        {
          ...signedIn,
          ...privateAnswer,
          schema: { params: reviewIdParamsSchema, response: { 200: helpfulStateSchema } },
        },
        (request) => reviews.unvoteHelpful(authorOf(request).id, request.params.reviewId),
      );

      routes.get(
        REVIEWS_API.happyCustomers,
        { schema: { querystring: happyCustomersQuerySchema, response: { 200: happyCustomersSchema } } },
        async (request, reply) => {
          reply.header('Cache-Control', HAPPY_CUSTOMERS_CACHE);
          return reviews.happyCustomers(request.query.page, catalog);
        },
      );

      /**
       * The stored photos. Names are random and never reused, so they are cached for a year; the type is
       * stated and `nosniff` stops a browser from guessing another one.
       */
      routes.get<{ Params: { file: string } }>('/uploads/reviews/:file', async (request, reply) => {
        const { file } = request.params;
        if (!REVIEW_IMAGE_FILE.test(file)) throw new NotFoundError('No such image.');
        const key = `reviews/${file}`;
        const stored =
          (await storage.get(key)) ?? ((await photos.ensure(key)) ? await storage.get(key) : null);
        if (!stored) throw new NotFoundError('No such image.');
        return reply
          .header('Content-Type', stored.contentType)
          .header('Content-Length', stored.size)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', IMMUTABLE)
          .send(stored.body);
      });
    });
  },
);
