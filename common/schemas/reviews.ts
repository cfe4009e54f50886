import { z } from 'zod';
import { HOUR } from '../constants';
import type { DeliveryStatus } from './order';
import { multiLine, singleLine } from './text';

/** The product page's anchor for the review form: `/product/{id}#write-review` opens it (My Orders links there). */
export const REVIEW_FORM_ANCHOR = 'write-review';

/**
 * Order states in which the shopper has received the goods, so a review is a verified buyer's:
 * Delivered, and every return state (a return starts only after delivery, DESIGN.md §6). A shopper
 * who sent a product back still held it and may say why.
 */
export const REVIEWABLE_DELIVERY_STATUSES = [
  'Delivered',
  'Return Requested',
  'Return Approved',
  'Returned',
  'Return Rejected',
] as const satisfies readonly DeliveryStatus[];

export function isReviewableStatus(status: DeliveryStatus): boolean {
  return (REVIEWABLE_DELIVERY_STATUSES as readonly DeliveryStatus[]).includes(status);
}

export const REVIEW_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  commentMin: 10,
  commentMax: 2000,
  /** A phone photo is 2–6 MB; larger files are refused before they are read to the end (413). */
  imageMaxBytes: 8 * 1024 * 1024,
  /** Reviews written, edited or deleted by one shopper in `writeWindowMs`; more answer 429. */
  writesPerWindow: 10,
  writeWindowMs: HOUR,
  pageSize: 10,
  happyCustomersPageSize: 12,
  /** The longest note staff may attach to a rejection. */
  noteMax: 500,
} as const;

/** The accepted photo types, by content (never by name or the browser's word). */
export const REVIEW_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The renditions a review photo is stored in (longest edge, pixels), all WebP. */
export const REVIEW_IMAGE_EDGES = { sm: 320, md: 720, lg: 1600 } as const;
export type ReviewImageSize = keyof typeof REVIEW_IMAGE_EDGES;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The texts of the review answers, in one place for the server, the web app and the tests. */
export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5 stars.',
  titleLength: `Please give a title of ${REVIEW_LIMITS.titleMin} to ${REVIEW_LIMITS.titleMax} characters.`,
  commentLength: `Please write ${REVIEW_LIMITS.commentMin} to ${REVIEW_LIMITS.commentMax} characters about the product.`,
  consentRequired: 'Please confirm that everyone shown in the photo agreed to it being published.',
  notBuyer: 'Only shoppers who have received this product can review it.',
  duplicate: 'You have already reviewed this product. You can edit or delete your review instead.',
  notFound: 'Review not found.',
  unsupportedImage: 'Please choose a JPEG, PNG or WebP photo.',
  unreadableImage: 'This photo could not be read. Please choose another JPEG, PNG or WebP photo.',
  imageTooLarge: `The photo is too large. Please choose one of at most ${REVIEW_LIMITS.imageMaxBytes / (1024 * 1024)} MB.`,
  oneImage: 'Please attach one photo at most.',
  notMultipart: 'Send the review as multipart/form-data.',
  malformedForm: 'The review form could not be read. Please send it again as multipart/form-data.',
  tooManyWrites: 'Too many review changes.',
  ownReview: 'You cannot mark your own review as helpful.',
  notApproved: 'Only published reviews can be marked helpful.',
} as const;

/** A title (one line) or comment (line breaks kept) of `min` to `max` characters once trimmed. */
const boundedText = (text: typeof singleLine | typeof multiLine, min: number, max: number, message: string) =>
  text({ error: message }).trim().min(min, message).max(max, message);

/** A checkbox as a form field: "true" or "on" when ticked; absent or "false" otherwise. */
const checkbox = z
  .enum(['true', 'false', 'on', ''], { error: 'Expected true or false.' })
  .optional()
  .transform((value) => value === 'true' || value === 'on');

/**
 * The text fields of a review as they arrive in a multipart form (strings), used by the routes and
 * the web form alike. The rating must be a whole number of stars: "4.5", "0" and "6" are refused.
 */
export const reviewFieldsSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  title: boundedText(singleLine, REVIEW_LIMITS.titleMin, REVIEW_LIMITS.titleMax, REVIEW_MESSAGES.titleLength),
  comment: boundedText(
    multiLine,
    REVIEW_LIMITS.commentMin,
    REVIEW_LIMITS.commentMax,
    REVIEW_MESSAGES.commentLength,
  ),
  /** SPEC.md §1: a review photo that may show a person needs this box ticked. */
  consent: checkbox,
  /** Edits only: drop the stored photo. */
  removeImage: checkbox,
});
export type ReviewFieldsInput = z.input<typeof reviewFieldsSchema>;
export type ReviewFields = z.output<typeof reviewFieldsSchema>;

/** The fields plus whether a new photo comes with them: a new photo needs consent (SPEC.md §1). */
export const reviewSubmissionSchema = reviewFieldsSchema
  .extend({ hasImage: z.boolean() })
  .superRefine((review, ctx) => {
    if (review.hasImage && !review.consent) {
      ctx.addIssue({ code: 'custom', path: ['consent'], message: REVIEW_MESSAGES.consentRequired });
    }
  });
export type ReviewSubmission = z.output<typeof reviewSubmissionSchema>;

/**
 * `POST /api/products/{id}/reviews` and `PUT /api/reviews/{id}` as the OpenAPI document shows them: a
 * multipart form of the text fields and an optional photo. The routes read the parts themselves (the
 * photo is checked by its content, not this schema), so this one only documents the form.
 */
export const reviewFormSchema = reviewFieldsSchema.extend({
  image: z
    .file()
    .mime([...REVIEW_IMAGE_TYPES])
    .max(REVIEW_LIMITS.imageMaxBytes)
    .optional(),
});

const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

export const productReviewsQuerySchema = z.object({
  page: pageParam,
  sort: z.enum(REVIEW_SORTS).catch('newest'),
});
export type ProductReviewsQuery = z.infer<typeof productReviewsQuerySchema>;

export const happyCustomersQuerySchema = z.object({ page: pageParam });

export const reviewIdParamsSchema = z.object({ reviewId: z.string() });
export const productReviewParamsSchema = z.object({ id: z.string() });

/** One photo in its three renditions, with the large one's size so pages reserve the space. */
export const reviewImageSchema = z.object({
  sm: z.string(),
  md: z.string(),
  lg: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReviewImage = z.infer<typeof reviewImageSchema>;

/** A published review as anyone sees it; the author is a first name and an initial ("Priya S."). */
export const reviewSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    author: z.string(),
    rating: z.number().int(),
    title: z.string(),
    comment: z.string(),
    image: reviewImageSchema.nullable(),
    helpful: z.number().int(),
    /** True when the signed-in viewer marked it helpful. */
    votedHelpful: z.boolean(),
    createdAt: z.string(),
    /** Set when the author changed it after writing. */
    editedAt: z.string().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** The shopper's own review, with its moderation state. */
export const myReviewSchema = reviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  /** Staff's reason when rejected. */
  moderationNote: z.string(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** Average (one decimal), count and count per star, over the approved reviews. */
export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** Five entries, 5 stars first. */
  stars: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** `GET /api/products/{id}/reviews`. */
export const productReviewsSchema = z.object({
  summary: ratingSummarySchema,
  reviews: z.array(reviewSchema),
  sort: z.enum(REVIEW_SORTS),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** Why the shopper may or may not write a review of a product. */
export const REVIEW_ELIGIBILITY = ['canReview', 'notBuyer', 'reviewed'] as const;

/** `GET /api/products/{id}/reviews/mine`. */
export const reviewEligibilitySchema = z.object({
  status: z.enum(REVIEW_ELIGIBILITY),
  review: myReviewSchema.nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

/** `POST /api/products/{id}/reviews` (201) and `PUT /api/reviews/{id}` (200). */
export const savedReviewSchema = z.object({ review: myReviewSchema });
export type SavedReview = z.infer<typeof savedReviewSchema>;

/** `POST`/`DELETE /api/reviews/{id}/helpful`: the state after the call. */
export const helpfulStateSchema = z.object({
  reviewId: z.string(),
  helpful: z.number().int(),
  votedHelpful: z.boolean(),
});
export type HelpfulState = z.infer<typeof helpfulStateSchema>;

/** One card of the Happy Customers wall: a review with its photo and the product it is about. */
export const happyCustomerSchema = reviewSchema
  .omit({ image: true, votedHelpful: true, helpful: true, editedAt: true })
  .extend({
    image: reviewImageSchema,
    product: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
  });
export type HappyCustomer = z.infer<typeof happyCustomerSchema>;

/** `GET /api/reviews/happy-customers`. */
export const happyCustomersSchema = z.object({
  reviews: z.array(happyCustomerSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type HappyCustomers = z.infer<typeof happyCustomersSchema>;

/** `GET /api/admin/reviews?status=&page=`. */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).catch('pending'),
  page: pageParam,
});

/** A review as staff see it: any state, with the product's name. */
export const adminReviewSchema = myReviewSchema.extend({
  productName: z.string(),
  moderatedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsSchema = z.object({
  reviews: z.array(adminReviewSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminReviews = z.infer<typeof adminReviewsSchema>;

export const rejectReviewSchema = z.object({
  note: multiLine().max(REVIEW_LIMITS.noteMax).trim().optional().default(''),
});

/** "Priya Sharma" → "Priya S."; a single name stays as it is. What others see of a reviewer's name. */
export function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return 'A shopper';
  const last = rest.at(-1);
  const initial = last ? [...last][0]?.toLocaleUpperCase('en-IN') : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** The stars shown for an average: one decimal, as the product summary shows it. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}
