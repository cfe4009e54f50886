import { REVIEW_LIMITS, REVIEW_MESSAGES } from '../../../common/schemas/reviews';

const MB = 1024 * 1024;

/** The review screens' texts, in one place so the components and their tests cannot drift apart. */
export const REVIEW_TEXTS = {
  heading: 'Ratings & reviews',
  averageLabel: (average: number) => `${average.toFixed(1)} out of 5`,
  reviewCount: (n: number) => (n === 1 ? '1 review' : `${n.toLocaleString('en-IN')} reviews`),
  starRow: (stars: number, count: number) => `${stars} star: ${count.toLocaleString('en-IN')}`,
  stars: (rating: number) => `Rated ${rating} out of 5`,
  noReviews: 'No reviews yet.',
  noReviewsHint: 'Reviews come from shoppers who received this product.',
  verifiedBuyer: 'Verified buyer',
  edited: 'Edited',
  sortLabel: 'Sort reviews',
  sort: { newest: 'Newest first', helpful: 'Most helpful first' },
  helpful: (count: number) => (count > 0 ? `Helpful (${count})` : 'Helpful'),
  helpfulPressed: 'Marked helpful',
  helpfulSignIn: 'Sign in to mark reviews helpful.',
  photoOf: (author: string) => `Photo from ${author}`,
  openPhoto: (author: string) => `View ${author}'s photo larger`,
  photoTitle: (author: string) => `Photo from ${author}`,
  loading: 'Loading reviews...',
  loadError: 'The reviews could not be loaded.',
  retry: 'Try again',
  pagination: 'Review pages',

  // Who may write.
  writeReview: 'Write a review',
  signInToReview: 'Sign in to review this product.',
  signIn: 'Sign in',
  notBuyer: REVIEW_MESSAGES.notBuyer,
  yourReview: 'Your review',
  status: {
    pending: 'Waiting for approval: our team checks every photo before it is shown.',
    approved: 'Published.',
    rejected: 'Not published.',
  },
  rejectedNote: (note: string) => `Our team's note: ${note}`,
  edit: 'Edit your review',
  delete: 'Delete your review',
  confirmDelete: 'Delete your review of this product?',
  confirmDeleteYes: 'Yes, delete',
  cancel: 'Cancel',
  deleted: 'Your review was deleted.',
  deleteFailed: 'Your review could not be deleted. Please try again.',

  // The form.
  formTitle: 'Write a review',
  editTitle: 'Edit your review',
  ratingLegend: 'Your rating',
  ratingOption: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
  title: 'Title',
  titleHint: `${REVIEW_LIMITS.titleMin} to ${REVIEW_LIMITS.titleMax} characters.`,
  comment: 'Your review',
  commentHint: `What did you like or dislike? ${REVIEW_LIMITS.commentMin} to ${REVIEW_LIMITS.commentMax} characters.`,
  photo: 'Add a photo (optional)',
  photoHint: `JPEG, PNG or WebP, up to ${REVIEW_LIMITS.imageMaxBytes / MB} MB. Our team checks photos before they are shown.`,
  photoPreview: 'Preview of your photo',
  currentPhoto: 'Your current photo',
  removePhoto: 'Remove photo',
  keepPhoto: 'Keep photo',
  /** SPEC.md §1: a review photo that may show a person needs consent. */
  consent: 'Everyone shown in this photo agreed to it being published with my review.',
  submit: 'Submit review',
  save: 'Save changes',
  saving: 'Saving...',
  published: 'Thank you! Your review is published.',
  waiting: 'Thank you! Your review will appear once our team has checked the photo.',
  saveFailed: 'Your review could not be saved. Please try again.',
  noResponse: 'No response from the server. Please check your internet connection.',
} as const;

/** The Happy Customers page (SPEC.md §2). */
export const HAPPY_CUSTOMERS_TEXTS = {
  title: 'Happy Customers',
  metaDescription: 'Photos and reviews from verified Pehnava buyers.',
  intro:
    'Every photo here comes from a verified buyer: a customer who received the product they are reviewing and chose to share a picture with their review.',
  /** In the demo shop the reviews are samples and their photos drawings, as the footer says of product images. */
  demoIntro:
    'This is a demo shop: these reviews are samples, and their photos are drawn illustrations, not pictures taken by buyers. In a live shop, every photo here comes from a verified buyer.',
  wall: 'Customer photos',
  loading: 'Loading happy customers...',
  loadError: 'The photos could not be loaded.',
  retry: 'Try again',
  empty: 'No customer photos yet.',
  emptyHint:
    'Bought something you love? Once it arrives, you can review it and add a photo from your orders.',
  shop: 'Start shopping',
} as const;
