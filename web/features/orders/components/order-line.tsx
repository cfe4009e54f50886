import type { ReactNode } from 'react';
import { PRODUCT_IMAGE_SIZES, productImageUrl } from '../../../../common/images';
import { formatRs } from '../../../../common/money';

const { width, height } = PRODUCT_IMAGE_SIZES.sm;

/** One line of an order or of the checkout summary: picture, name, details, and the line total. */
export function OrderLine({
  image,
  name,
  lineTotal,
  children,
}: {
  image: string;
  name: string;
  /** Rupees: price × quantity. */
  lineTotal: number;
  /** The details under the name (colour, size, quantity). */
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3 py-3">
      <img
        src={productImageUrl(image, 'sm')}
        width={width}
        height={height}
        alt=""
        loading="lazy"
        decoding="async"
        className="h-16 w-[3.2rem] shrink-0 rounded-md bg-brand-50 object-cover"
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words text-stone-900">{name}</p>
        {children}
      </div>
      <p className="shrink-0 text-sm font-medium">{formatRs(lineTotal)}</p>
    </li>
  );
}
