/**
 * Product image naming, shared by the server (which writes the files) and the web app (srcset).
 *
 * Rule: a product's stored image URL is the large rendition, `/images/products/<name>.webp`
 * (800×1000). Its card-sized sibling (400×500) sits beside it as `/images/products/<name>-sm.webp`.
 * Any other URL (an outside address, another format) has no derived sizes and is used as it is.
 */

export const PRODUCT_IMAGE_SIZES = {
  lg: { width: 800, height: 1000 },
  sm: { width: 400, height: 500 },
} as const;
export type ProductImageSize = keyof typeof PRODUCT_IMAGE_SIZES;

export const PRODUCT_IMAGE_PREFIX = '/images/products/';

const SMALL_SUFFIX = '-sm';
/** A file name under PRODUCT_IMAGE_PREFIX: lower-case words and dashes, `.webp`; no dots or slashes. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.webp$/;

/** True when the URL follows the naming rule, so both sizes exist for it. */
export function hasImageSizes(image: string): boolean {
  return (
    image.startsWith(PRODUCT_IMAGE_PREFIX) &&
    FILE_NAME.test(image.slice(PRODUCT_IMAGE_PREFIX.length)) &&
    !image.endsWith(`${SMALL_SUFFIX}.webp`)
  );
}

/**
 * Reads a file name requested under PRODUCT_IMAGE_PREFIX back into the stored (large) URL and the
 * rendition asked for; null when the name breaks the naming rule, so the server never touches a
 * path it did not name itself.
 */
export function parseProductImageFile(fileName: string): { url: string; size: ProductImageSize } | null {
  if (!FILE_NAME.test(fileName)) return null;
  const small = fileName.endsWith(`${SMALL_SUFFIX}.webp`);
  const url = small
    ? `${PRODUCT_IMAGE_PREFIX}${fileName.slice(0, -`${SMALL_SUFFIX}.webp`.length)}.webp`
    : `${PRODUCT_IMAGE_PREFIX}${fileName}`;
  return hasImageSizes(url) ? { url, size: small ? 'sm' : 'lg' } : null;
}

/** The URL of one rendition of a stored product image; unknown URLs come back unchanged. */
export function productImageUrl(image: string, size: ProductImageSize = 'lg'): string {
  if (size === 'lg' || !hasImageSizes(image)) return image;
  return `${image.slice(0, -'.webp'.length)}${SMALL_SUFFIX}.webp`;
}

/** A `srcset` value offering both renditions, or undefined when the image has only one. */
export function productImageSrcSet(image: string): string | undefined {
  if (!hasImageSizes(image)) return undefined;
  return `${productImageUrl(image, 'sm')} ${PRODUCT_IMAGE_SIZES.sm.width}w, ${image} ${PRODUCT_IMAGE_SIZES.lg.width}w`;
}
