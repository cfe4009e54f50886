import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../common/api-paths';
import { errorResponses } from '../../../common/schemas/errors';
import {
  happyCustomersQuerySchema,
  happyCustomersSchema,
  helpfulStateSchema,
  type MyReview,
  productReviewParamsSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewEligibility,
  type ReviewSubmission,
  reviewEligibilitySchema,
  reviewFormSchema,
  reviewIdParamsSchema,
  reviewSubmissionSchema,
  savedReviewSchema,
} from '../../../common/schemas/reviews';
import { DomainError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { isStaff, requireUser, sessionUserOf } from '../../plugins/auth';
import type { StorageProvider } from '../../providers';
import { ImageTooLargeError, reviewImageStemOf, UnsupportedImageError } from './review-images';
import type { ReviewAuthor, ReviewsService } from './reviews.service';

/**
 * Writing, editing and deleting reviews: flows, because each change also stores the product's rating
 * (catalog) in the same transaction, and only a buyer of the product (orders) may write one.
 */
export interface ReviewChanges {
  eligibility(userId: string, productId: string): Promise<ReviewEligibility>;
  write(author: ReviewAuthor, productId: string, review: ReviewSubmission, image?: Buffer): Promise<MyReview>;
  edit(author: ReviewAuthor, reviewId: string, review: ReviewSubmission, image?: Buffer): Promise<MyReview>;
  remove(author: ReviewAuthor, reviewId: string): Promise<void>;
}

/** Draws a missing photo on demand (the demo's photos); true when it is now in storage. */
export interface MissingPhotoDrawer {
  ensure(key: string): Promise<boolean>;
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

/** 400: the body is not the multipart form it says it is (no or a wrong boundary, cut short). */
class MalformedFormError extends DomainError {
  constructor() {
    super(400, REVIEW_MESSAGES.malformedForm, 'MALFORMED_FORM');
  }
}

/**
 * The multipart errors as this API's own answers. Everything that fails while the form is read
 * comes from the client's body (the parser's own errors carry no code: a missing or over-long
 * boundary, a body cut short or framed by another boundary), so what is not named here is a 400.
 */
function clientErrorOf(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = error instanceof Error ? (error as { code?: string }).code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ImageTooLargeError();
  if (code === 'FST_FILES_LIMIT')
    return new ValidationError([{ path: 'image', msg: REVIEW_MESSAGES.oneImage }]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new DomainError(400, 'The review form has unexpected fields.', 'BAD_FORM');
  }
  return new MalformedFormError();
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
  reviews: ReviewsService;
  changes: ReviewChanges;
  storage: StorageProvider;
  /** Draws a demo review's photo when a browser asks for it before the background drawing has. */
  photos?: MissingPhotoDrawer;
  now: () => Date;
}

/**
 * Reviews (DESIGN.md §5, docs/decisions/010): a product's reviews and rating summary, writing, editing and
 * deleting your own, helpful votes, the Happy Customers wall, and the photos at /uploads/reviews/.
 * Staff moderation is in reviews-admin.routes.ts, under /api/admin.
 */
export const reviewsRoutes = fp(
  async (app: FastifyInstance, { reviews, changes: flows, storage, photos, now }: ReviewsRoutesOptions) => {
    // Its own scope, so the multipart parser is known only to these routes.
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { ...FIELD_LIMITS, fileSize: REVIEW_LIMITS.imageMaxBytes } });
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      const signedIn = { preHandler: requireUser };
      const upload = { onRequest: refuseOversizedBody, bodyLimit: BODY_LIMIT };
      // What the URL names is checked before the form is read: an unknown product, or someone else's
      // or a malformed review id, answers 404 without the upload being read at all.
      const ensureOwnReview = async (userId: string, reviewId: string) => {
        if (!(await reviews.findOwned(userId, reviewId))) throw new NotFoundError(REVIEW_MESSAGES.notFound);
      };
      // Answers that depend on who asks (own review, own votes) are never stored by a shared cache.
      const privateAnswer = {
        onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
          reply.header('Cache-Control', 'no-store');
        },
      };

      routes.get(
        API.reviews.product.pattern,
        {
          ...privateAnswer,
          schema: {
            summary: "A product's reviews",
            description: 'The rating summary and one page of approved reviews, newest or most helpful first.',
            tags: ['reviews'],
            params: productReviewParamsSchema,
            querystring: productReviewsQuerySchema,
            response: { 200: productReviewsSchema, ...errorResponses(404) },
          },
        },
        (request) => reviews.productReviews(request.params.id, request.query, request.user?.id ?? null),
      );

      routes.get(
        API.reviews.mine.pattern,
        {
          ...signedIn,
          ...privateAnswer,
          schema: {
            summary: 'May I review this product',
            description:
              'Whether the shopper received it and has not reviewed it yet, with their review if any.',
            tags: ['reviews'],
            params: productReviewParamsSchema,
            response: { 200: reviewEligibilitySchema, ...errorResponses(401, 404) },
          },
        },
        (request) => flows.eligibility(authorOf(request).id, request.params.id),
      );

      routes.post(
        API.reviews.product.pattern,
        {
          ...signedIn,
          ...upload,
          ...privateAnswer,
          schema: {
            summary: 'Review a product I received',
            description:
              'A multipart form; a photo (JPEG, PNG or WebP, checked by its content) needs `consent`. It waits for staff before anyone else sees it. 403 when the shopper did not receive the product, 409 when they reviewed it already.',
            tags: ['reviews'],
            params: productReviewParamsSchema,
            documentedBody: { contentType: 'multipart/form-data', schema: reviewFormSchema },
            response: {
              201: savedReviewSchema,
              ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
            },
          },
        },
        async (request, reply) => {
          await reviews.ensureProduct(request.params.id);
          const { review, image } = await readReviewForm(request);
          const saved = await flows.write(authorOf(request), request.params.id, review, image);
          return reply.status(201).send({ review: saved });
        },
      );

      routes.put(
        API.reviews.one.pattern,
        {
          ...signedIn,
          ...upload,
          ...privateAnswer,
          schema: {
            summary: 'Change my review',
            description:
              'The same form as writing one; `removeImage` drops the stored photo. A changed review waits for staff again.',
            tags: ['reviews'],
            params: reviewIdParamsSchema,
            documentedBody: { contentType: 'multipart/form-data', schema: reviewFormSchema },
            response: { 200: savedReviewSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
          },
        },
        async (request) => {
          await ensureOwnReview(authorOf(request).id, request.params.reviewId);
          const { review, image } = await readReviewForm(request);
          return { review: await flows.edit(authorOf(request), request.params.reviewId, review, image) };
        },
      );

      routes.delete(
        API.reviews.one.pattern,
        {
          ...signedIn,
          ...privateAnswer,
          schema: {
            summary: 'Delete my review',
            tags: ['reviews'],
            params: reviewIdParamsSchema,
            response: { 204: z.undefined(), ...errorResponses(401, 403, 404, 429) },
          },
        },
        async (request, reply) => {
          await flows.remove(authorOf(request), request.params.reviewId);
          return reply.status(204).send();
        },
      );

      routes.post(
        API.reviews.helpful.pattern,
        {
          ...signedIn,
          ...privateAnswer,
          schema: {
            summary: 'Mark a review helpful',
            tags: ['reviews'],
            params: reviewIdParamsSchema,
            response: { 200: helpfulStateSchema, ...errorResponses(401, 403, 404) },
          },
        },
        (request) => reviews.voteHelpful(authorOf(request).id, request.params.reviewId, now()),
      );

      routes.delete(
        API.reviews.helpful.pattern,
        {
          ...signedIn,
          ...privateAnswer,
          schema: {
            summary: 'Take back my helpful mark',
            tags: ['reviews'],
            params: reviewIdParamsSchema,
            response: { 200: helpfulStateSchema, ...errorResponses(401, 403, 404) },
          },
        },
        (request) => reviews.unvoteHelpful(authorOf(request).id, request.params.reviewId),
      );

      routes.get(
        API.reviews.happyCustomers,
        {
          schema: {
            summary: 'The Happy Customers wall',
            description: 'Approved reviews with photos, newest first, 12 a page.',
            tags: ['reviews'],
            querystring: happyCustomersQuerySchema,
            response: { 200: happyCustomersSchema },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', HAPPY_CUSTOMERS_CACHE);
          return reviews.happyCustomers(request.query.page);
        },
      );

      /**
       * The stored photos. Names are random and never reused, so a published one is cached for a
       * year; the type is stated and `nosniff` stops a browser from guessing another one. A photo
       * staff have not approved is shown only to its author and to staff, kept by no cache, and
       * answers 404 to anyone else, as an unknown name does, so its existence is not revealed.
       */
      routes.get<{ Params: { file: string } }>('/uploads/reviews/:file', async (request, reply) => {
        const { file } = request.params;
        const stem = reviewImageStemOf(file);
        const audience = stem ? await reviews.photoAudience(stem) : undefined;
        if (!audience) throw new NotFoundError('No such image.');
        if (!audience.public) {
          const viewer = await sessionUserOf(request);
          if (!viewer || (viewer.id !== audience.authorId && !isStaff(viewer))) {
            throw new NotFoundError('No such image.');
          }
        }
        const key = `reviews/${file}`;
        const stored =
          (await storage.get(key)) ?? ((await photos?.ensure(key)) ? await storage.get(key) : null);
        if (!stored) throw new NotFoundError('No such image.');
        return reply
          .header('Content-Type', stored.contentType)
          .header('Content-Length', stored.size)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', audience.public ? IMMUTABLE : 'private, no-store')
          .send(stored.body);
      });
    });
  },
);
