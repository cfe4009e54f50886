import { discountPercent, formatRs } from '../../../../common/money';
import { CATALOG_TEXT } from '../texts';

interface PriceTagProps {
  price: number;
  mrp: number;
  size?: 'sm' | 'lg';
}

/** Price in Rs, with the MRP struck through and the % off when there is a discount. */
export function PriceTag({ price, mrp, size = 'sm' }: PriceTagProps) {
  const off = discountPercent(price, mrp);
  const large = size === 'lg';
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${large ? 'text-base' : 'text-sm'}`}>
      <span className={`font-semibold text-stone-900 ${large ? 'text-2xl' : 'text-base'}`}>
        {formatRs(price)}
      </span>
      {off > 0 && (
        <>
          <span className="text-stone-600">
            <span className="sr-only">{CATALOG_TEXT.mrp} </span>
            <s>{formatRs(mrp)}</s>
          </span>
          <span className="font-semibold text-emerald-700">{CATALOG_TEXT.off(off)}</span>
        </>
      )}
    </p>
  );
}
