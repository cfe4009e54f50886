import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../../common/images';
import { formatRs } from '../../../../common/money';
import type { CartItem } from '../cart-logic';
import { CART_TEXT } from '../texts';

const { width, height } = PRODUCT_IMAGE_SIZES.sm;

interface CartLineProps {
  item: CartItem;
  onIncrement: () => void;
  onDecrement: () => void;
  onRemove: () => void;
}

const STEP =
  'inline-flex size-10 items-center justify-center text-lg text-stone-800 hover:bg-brand-50 focus-visible:relative';

/** One line of the cart: image, name, colour and size, price, quantity − / +, and remove. */
export function CartLine({ item, onIncrement, onDecrement, onRemove }: CartLineProps) {
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <Link
        to={`/product/${encodeURIComponent(item._id)}`}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0"
      >
        <img
          src={productImageUrl(item.image, 'sm')}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          alt=""
          className="h-28 w-[5.6rem] rounded-lg bg-brand-50 object-cover sm:h-32 sm:w-[6.4rem]"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-sm leading-snug font-semibold text-stone-900 sm:text-base">
            <Link
              to={`/product/${encodeURIComponent(item._id)}`}
              className="hover:text-brand-700 hover:underline"
            >
              {item.name}
            </Link>
          </h3>
          <p className="shrink-0 text-sm font-semibold text-stone-900 sm:text-base">
            {formatRs(item.price * item.quantity)}
          </p>
        </div>
        <p className="text-sm text-stone-700">
          {CART_TEXT.colour}: {item.selectedColor} · {CART_TEXT.size}: {item.selectedSize}
        </p>
        <p className="text-sm text-stone-700">
          {formatRs(item.price)} {CART_TEXT.each}
          <span className="mx-1.5" aria-hidden="true">
            ·
          </span>
          <span className={item.isRefundable ? 'text-emerald-800' : 'text-stone-700'}>
            {item.isRefundable ? CART_TEXT.refundable : CART_TEXT.notRefundable}
          </span>
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <fieldset className="inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white">
            <legend className="sr-only">{CART_TEXT.quantityOf(item.name)}</legend>
            <button
              type="button"
              className={STEP}
              onClick={onDecrement}
              aria-label={CART_TEXT.decrease(item.name)}
            >
              −
            </button>
            <output aria-live="polite" className="w-9 text-center text-sm font-semibold tabular-nums">
              {item.quantity}
            </output>
            <button
              type="button"
              className={STEP}
              onClick={onIncrement}
              aria-label={CART_TEXT.increase(item.name)}
            >
              +
            </button>
          </fieldset>
          <button
            type="button"
            onClick={onRemove}
            aria-label={CART_TEXT.removeItem(item.name)}
            className="min-h-10 rounded-lg px-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {CART_TEXT.remove}
          </button>
        </div>
      </div>
    </li>
  );
}
