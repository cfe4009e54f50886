import { useLikes } from '../likes-context';
import { LIKES_TEXT } from '../texts';

interface LikeButtonProps {
  productId: string;
  /** The product's name, for the button's accessible name. */
  productName: string;
  /** `card` floats over a product card's image; `page` sits beside the product page's title. */
  variant?: 'card' | 'page';
}

const VARIANTS = {
  card: 'bg-white/90 shadow-sm shadow-brand-900/10 backdrop-blur-sm hover:bg-white',
  page: 'border border-brand-200 bg-white hover:bg-brand-50',
} as const;

/**
 * The heart that likes or unlikes a product (SPEC.md §4). A 44 px target; `aria-pressed` says whether
 * the product is liked and the name says what a press will do. Inactive until the likes are ready.
 */
export function LikeButton({ productId, productName, variant = 'card' }: LikeButtonProps) {
  const { isLiked, toggle, ready } = useLikes();
  const liked = isLiked(productId);
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={liked ? LIKES_TEXT.removeFromWishlist(productName) : LIKES_TEXT.addToWishlist(productName)}
      disabled={!ready}
      onClick={(event) => {
        // On a card the heart sits above the card's link: a press likes, it does not open the product.
        event.preventDefault();
        event.stopPropagation();
        toggle(productId);
      }}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors disabled:cursor-wait ${VARIANTS[variant]} ${liked ? 'text-brand-600' : 'text-stone-700 hover:text-brand-600'}`}
    >
      <HeartIcon filled={liked} />
    </button>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-6"
    >
      <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.7 7.9 3.7 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.4 0 5.4 3.4 4.3 6.6-1.7 4.8-9.2 9.4-9.2 9.4Z" />
    </svg>
  );
}

/** A card's heart, ready for the `action` slot of the catalog's product grids and rows. */
export function likeAction(product: { _id: string; name: string }) {
  return <LikeButton productId={product._id} productName={product.name} />;
}
