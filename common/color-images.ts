/**
 * Which pictures show which colour of a product. One rule for both sides: the web app orders the
 * product page's gallery and picks the cart line's picture with it, the server picks the picture an
 * order line keeps, so the bag, checkout, My Orders, the mails and the archive show the colour bought.
 *
 * A product keeps one ordered list of images (DESIGN.md §5 `images[]`); an image may belong to one
 * colour, and `colorImages` lists each colour's own images in that order (docs/decisions/060).
 */
import type { ColorImages } from './schemas/catalog';

export type { ColorImages } from './schemas/catalog';

/** What the choice reads: a product's images and, per colour that has some, its own. */
export interface ImagesByColor {
  images: readonly string[];
  colorImages: readonly ColorImages[];
}

/**
 * Groups images by the colour each shows: `imageColors[i]` names the colour of `images[i]`, and an
 * empty or missing entry means the image shows no one colour. Colours come in the order of their
 * first image; a colour without images is not listed.
 */
export function groupImagesByColor(images: readonly string[], imageColors: readonly string[]): ColorImages[] {
  const byColor = new Map<string, string[]>();
  images.forEach((image, i) => {
    const color = imageColors[i] ?? '';
    if (color === '') return;
    const own = byColor.get(color);
    if (own) own.push(image);
    else byColor.set(color, [image]);
  });
  return [...byColor].map(([color, own]) => ({ color, images: own }));
}

function ownImages(product: ImagesByColor, color: string | null): readonly string[] {
  if (color === null) return [];
  return product.colorImages.find((entry) => entry.color === color)?.images ?? [];
}

/**
 * The images in the order to show them with `color` chosen: that colour's own first, then the rest in
 * the product's order. With no colour, or one without images of its own, the product's order.
 */
export function imagesForColor(product: ImagesByColor, color: string | null): string[] {
  const own = ownImages(product, color);
  const first = new Set(own);
  return [...own, ...product.images.filter((image) => !first.has(image))];
}

/**
 * The one picture of a product in a colour, for a cart or order line: the colour's first own image;
 * for a colour without one, the product's first image; '' for a product without images.
 */
export function imageForColor(product: ImagesByColor, color: string | null): string {
  return ownImages(product, color)[0] ?? product.images[0] ?? '';
}
