import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../../../common/schemas/catalog';
import { colourOptions, firstAvailable, sizeOptions, variantStock } from '../lib/variants';
import { CATALOG_TEXT, LOW_STOCK_THRESHOLD } from '../texts';
import { OptionPicker } from './option-picker';
import { QuantityStepper } from './quantity-stepper';

/** The variant and quantity the shopper chose, with that variant's stock. */
export interface PurchaseSelection {
  color: string;
  size: string;
  quantity: number;
  countInStock: number;
}

interface ProductPurchaseProps {
  product: Pick<ProductDetail, 'colors' | 'sizes' | 'variants'>;
  /** Adds the selection to the cart; answers false when the cart could not take it (stock limit). */
  onAdd: (selection: PurchaseSelection) => boolean;
  /**
   * Told when the shopper picks a colour, so the page can show that colour's pictures. The first
   * colour is `firstAvailable(colourOptions(product))`, chosen before any call.
   */
  onColorChange?: (color: string) => void;
  /** Where the confirmation's link goes. */
  cartPath?: string;
}

/**
 * Colour and size pickers (availability per variant), a quantity capped by the chosen variant's stock,
 * and the Add to cart button with an inline confirmation linking to the cart.
 */
export function ProductPurchase({ product, onAdd, onColorChange, cartPath = '/cart' }: ProductPurchaseProps) {
  const colours = colourOptions(product);
  const [color, setColor] = useState<string | null>(() => firstAvailable(colours));
  const sizes = sizeOptions(product, color);
  const onlySize = sizes.length === 1 && sizes[0]?.available ? sizes[0].value : null;
  const [chosenSize, setChosenSize] = useState<string | null>(null);
  // A size chosen for another colour that this colour lacks is dropped rather than kept hidden.
  const size = chosenSize && sizes.some((s) => s.value === chosenSize && s.available) ? chosenSize : onlySize;
  const stock = variantStock(product, color, size);
  const [wanted, setWanted] = useState(1);
  const quantity = Math.max(1, Math.min(wanted, stock));
  const [added, setAdded] = useState<number | null>(null);

  const soldOut = colours.every((c) => !c.available);
  const missing = !color ? CATALOG_TEXT.chooseColour : !size ? CATALOG_TEXT.chooseSize : null;

  const add = () => {
    if (!color || !size || stock <= 0) return;
    setAdded(onAdd({ color, size, quantity, countInStock: stock }) ? quantity : null);
  };

  return (
    <div className="space-y-5">
      {colours.length > 0 && (
        <OptionPicker
          legend={CATALOG_TEXT.colour}
          options={colours}
          value={color}
          onChange={(value) => {
            setColor(value);
            setAdded(null);
            onColorChange?.(value);
          }}
        />
      )}
      {sizes.length > 0 && (
        <OptionPicker
          legend={CATALOG_TEXT.size}
          options={sizes}
          value={size}
          onChange={(value) => {
            setChosenSize(value);
            setAdded(null);
          }}
        />
      )}
      {stock > 0 && stock <= LOW_STOCK_THRESHOLD && (
        <p className="text-sm font-semibold text-brand-700">{CATALOG_TEXT.onlyLeft(stock)}</p>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <QuantityStepper value={quantity} max={stock} onChange={setWanted} disabled={stock <= 0} />
        <button
          type="button"
          onClick={add}
          disabled={soldOut || stock <= 0}
          className="btn-primary min-h-12 flex-1 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700 sm:flex-none sm:px-10"
        >
          {soldOut ? CATALOG_TEXT.soldOut : CATALOG_TEXT.addToCart}
        </button>
      </div>
      {!soldOut && missing && <p className="text-sm text-stone-700">{missing}</p>}
      {/* Takes no room until it has something to say (it cancels the gap above it while empty). */}
      <div role="status" className="empty:-mt-5">
        {added !== null && (
          <p className="flex flex-wrap items-center gap-x-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            <span>{CATALOG_TEXT.addedToCart(added)}</span>
            <Link to={cartPath} className="font-semibold underline underline-offset-4">
              {CATALOG_TEXT.viewCart}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
