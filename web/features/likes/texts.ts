/** Texts of the likes feature (the heart, the wishlist), named so screens and tests share them. */

/** SPEC.md §4, §8: a failed like or unlike is reversed and reported. */
export const LIKE_UPDATE_FAILED = 'Could not update your likes. Please try again.';

export const LIKES_TEXT = {
  addToWishlist: (name: string) => `Add ${name} to wishlist`,
  removeFromWishlist: (name: string) => `Remove ${name} from wishlist`,
  navLink: 'Wishlist',
  pageTitle: 'Your wishlist',
  pageDescription: 'The products you liked at Pehnava, kept in one place.',
  count: (n: number) => (n === 1 ? '1 liked product' : `${n} liked products`),
  guestNote: 'Likes you make without signing in are kept on this device only.',
  loading: 'Loading your wishlist…',
  loadError: 'We could not load your wishlist.',
  retry: 'Try again',
  emptyTitle: 'Your wishlist is empty',
  emptyBody: 'Tap the heart on any product to keep it here for later.',
  browse: 'Browse products',
} as const;
