import type { ProductDetail } from '../../../../common/schemas/catalog';

/** One choice in a colour or size picker. */
export interface OptionState {
  value: string;
  available: boolean;
}

type VariantSource = Pick<ProductDetail, 'colors' | 'sizes' | 'variants'>;

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The product's colours, each available when any of its sizes has stock. */
export function colourOptions(product: VariantSource): OptionState[] {
  const colours = product.colors.length ? product.colors : unique(product.variants.map((v) => v.color));
  return colours.map((value) => ({
    value,
    available: product.variants.some((v) => v.color === value && v.countInStock > 0),
  }));
}

/**
 * The product's sizes. Stock is counted per variant (DESIGN.md §6): with a colour chosen a size is
 * available only if that colour-and-size variant has stock; before that, if any colour has it.
 */
export function sizeOptions(product: VariantSource, colour: string | null): OptionState[] {
  const sizes = product.sizes.length ? product.sizes : unique(product.variants.map((v) => v.size));
  return sizes.map((value) => ({
    value,
    available: product.variants.some(
      (v) => v.size === value && (colour === null || v.color === colour) && v.countInStock > 0,
    ),
  }));
}

/** Stock of one colour-and-size variant (0 when it does not exist). */
export function variantStock(product: VariantSource, colour: string | null, size: string | null): number {
  if (colour === null || size === null) return 0;
  return product.variants.find((v) => v.color === colour && v.size === size)?.countInStock ?? 0;
}

/** The first available option, or null when there is none. */
export function firstAvailable(options: OptionState[]): string | null {
  return options.find((option) => option.available)?.value ?? null;
}
