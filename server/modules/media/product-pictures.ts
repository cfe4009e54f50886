import { randomUUID } from 'node:crypto';
import {
  PRODUCT_IMAGE_PREFIX,
  PRODUCT_IMAGE_SIZES,
  type ProductImageSize,
  productImageUrl,
} from '../../../common/images';
import { ADMIN_PRODUCT_MESSAGES } from '../../../common/schemas/admin-products';
import { DomainError } from '../../errors';
import { reencodePicture } from '../../pictures';
import type { StorageProvider } from '../../providers';

/**
 * Product pictures staff upload. They follow the naming rule of every product picture
 * (common/images.ts): the large rendition at `/images/products/<uuid>.webp`, the small one beside it
 * with `-sm`, so the shop shows them exactly as the demo's drawn pictures. The files live in the
 * storage provider under `products/`, not among the drawn ones: a random UUID names an upload, which
 * no drawn picture's name (`<slug>-<hex>-<colour>`) can be.
 */

/** The file name of an uploaded rendition: `<uuid>.webp` or `<uuid>-sm.webp`. */
const UPLOADED_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-sm)?\.webp$/;

/** The storage key of a file requested under /images/products/, or null when no upload has that name. */
export function uploadedPictureKey(fileName: string): string | null {
  return UPLOADED_FILE.test(fileName) ? `products/${fileName}` : null;
}

class UnsupportedPictureError extends DomainError {
  constructor(message: string = ADMIN_PRODUCT_MESSAGES.unsupportedImage) {
    super(415, message, 'UNSUPPORTED_IMAGE');
  }
}

class PictureTooLargeError extends DomainError {
  constructor() {
    super(413, ADMIN_PRODUCT_MESSAGES.imageTooLarge, 'IMAGE_TOO_LARGE');
  }
}

export type EncodedPicture = Record<ProductImageSize, Buffer>;

/**
 * Checks and re-encodes an upload in both renditions (800×1000 and 400×500, the 4:5 of every product
 * card), cropped at the centre to fill them: 415 for anything but a readable JPEG, PNG or WebP, 413
 * for one too large to decode.
 */
export async function encodeProductPicture(data: Buffer): Promise<EncodedPicture> {
  const { lg, sm } = await reencodePicture(
    data,
    { lg: { ...PRODUCT_IMAGE_SIZES.lg, fit: 'cover' }, sm: { ...PRODUCT_IMAGE_SIZES.sm, fit: 'cover' } },
    {
      unsupported: () => new UnsupportedPictureError(),
      unreadable: () => new UnsupportedPictureError(ADMIN_PRODUCT_MESSAGES.unreadableImage),
      tooLarge: () => new PictureTooLargeError(),
    },
  );
  return { lg: lg.data, sm: sm.data };
}

const keysOf = (url: string): string[] => {
  if (!url.startsWith(PRODUCT_IMAGE_PREFIX)) return [];
  const name = url.slice(PRODUCT_IMAGE_PREFIX.length);
  const small = productImageUrl(url, 'sm').slice(PRODUCT_IMAGE_PREFIX.length);
  return [name, small].flatMap((file) => uploadedPictureKey(file) ?? []);
};

/** Stores both renditions under a new name; answers the picture's URL (the large rendition). */
export async function storeProductPicture(
  storage: StorageProvider,
  picture: EncodedPicture,
): Promise<string> {
  const url = `${PRODUCT_IMAGE_PREFIX}${randomUUID()}.webp`;
  const [large, small] = keysOf(url) as [string, string];
  try {
    await Promise.all([
      storage.put(large, picture.lg, 'image/webp'),
      storage.put(small, picture.sm, 'image/webp'),
    ]);
  } catch (error) {
    await deleteProductPicture(storage, url);
    throw error;
  }
  return url;
}

/** Removes both renditions of an uploaded picture; any other URL (a drawn picture) is left alone. */
export async function deleteProductPicture(storage: StorageProvider, url: string): Promise<void> {
  await Promise.all(keysOf(url).map((key) => storage.delete(key)));
}
