import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  REVIEW_IMAGE_EDGES,
  REVIEW_IMAGE_TYPES,
  REVIEW_MESSAGES,
  type ReviewImage,
  type ReviewImageSize,
} from '../../../common/schemas/reviews';
import { DomainError } from '../../errors';
import type { StorageProvider } from '../../providers';

/** Where review photos are served: `/uploads/reviews/<stem>-<size>.webp`. */
export const UPLOADS_PREFIX = '/uploads/';

/** The file name of one rendition under /uploads/reviews/, as the server names them: `<id>-<size>.webp`. */
const REVIEW_IMAGE_FILE = /^([a-z0-9][a-z0-9-]*)-(?:sm|md|lg)\.webp$/;

/** The stem (`reviews/<id>`) of a rendition's file name, or null for a name the server never makes. */
export function reviewImageStemOf(file: string): string | null {
  const id = REVIEW_IMAGE_FILE.exec(file)?.[1];
  return id ? `reviews/${id}` : null;
}

/**
 * Largest picture decoded, in pixels: a 48-megapixel phone photo fits, while a small file that claims
 * huge dimensions (a decompression bomb) is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** The sharp format name of each accepted type: the decoder must agree with the sniffed type. */
const DECODER: Record<(typeof REVIEW_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// Quality 80 keeps photos sharp at about a tenth of a phone JPEG's size; effort 4 is sharp's default.
const WEBP = { quality: 80, effort: 4 } as const;

export class UnsupportedImageError extends DomainError {
  constructor(message: string = REVIEW_MESSAGES.unsupportedImage) {
    super(415, message, 'UNSUPPORTED_IMAGE');
  }
}

export class ImageTooLargeError extends DomainError {
  constructor() {
    super(413, REVIEW_MESSAGES.imageTooLarge, 'IMAGE_TOO_LARGE');
  }
}

/** A photo re-encoded as WebP in every size, with no metadata; width and height are the large one's. */
export interface EncodedImage {
  width: number;
  height: number;
  files: Record<ReviewImageSize, Buffer>;
}

/**
 * Checks the upload by its content (the name and the browser's type are ignored), then decodes and
 * re-encodes it: turned upright by its EXIF orientation, converted to sRGB, scaled to each size and
 * written as WebP. sharp writes no metadata unless asked (`withMetadata`, `keepExif`), so EXIF, GPS,
 * XMP and ICC data of the upload never reach the stored files. 415 for anything but a readable JPEG,
 * PNG or WebP picture (SVG, HTML, a PDF renamed .jpg…); 413 for a picture too large to decode.
 */
export async function encodeReviewImage(data: Buffer): Promise<EncodedImage> {
  const sniffed = await fileTypeFromBuffer(data);
  const type = REVIEW_IMAGE_TYPES.find((t) => t === sniffed?.mime);
  if (!type) throw new UnsupportedImageError();

  let pixels: number;
  let format: string | undefined;
  try {
    const metadata = await sharp(data, { limitInputPixels: false }).metadata();
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    format = metadata.format;
  } catch {
    throw new UnsupportedImageError(REVIEW_MESSAGES.unreadableImage);
  }
  if (format !== DECODER[type] || pixels === 0)
    throw new UnsupportedImageError(REVIEW_MESSAGES.unreadableImage);
  if (pixels > MAX_INPUT_PIXELS) throw new ImageTooLargeError();

  try {
    // `failOn: 'error'` refuses truncated or corrupt files instead of storing a half-grey picture.
    const upright = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const sizes = Object.keys(REVIEW_IMAGE_EDGES) as ReviewImageSize[];
    const encoded = await Promise.all(
      sizes.map((size) =>
        upright
          .clone()
          .resize({
            width: REVIEW_IMAGE_EDGES[size],
            height: REVIEW_IMAGE_EDGES[size],
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp(WEBP)
          .toBuffer({ resolveWithObject: true }),
      ),
    );
    const files = Object.fromEntries(sizes.map((size, i) => [size, encoded[i]?.data])) as Record<
      ReviewImageSize,
      Buffer
    >;
    const large = encoded[sizes.indexOf('lg')]?.info;
    if (!large) throw new Error('no large rendition');
    return { width: large.width, height: large.height, files };
  } catch {
    throw new UnsupportedImageError(REVIEW_MESSAGES.unreadableImage);
  }
}

/** The storage key of one rendition of the photo `stem` (`reviews/<id>`). */
export function reviewImageKey(stem: string, size: ReviewImageSize): string {
  return `${stem}-${size}.webp`;
}

/** The API shape of a stored photo: the URL of each rendition and the large one's size. */
export function reviewImageOf(stem: string, width: number, height: number): ReviewImage {
  const url = (size: ReviewImageSize) => `${UPLOADS_PREFIX}${reviewImageKey(stem, size)}`;
  return { sm: url('sm'), md: url('md'), lg: url('lg'), width, height };
}

const SIZES = Object.keys(REVIEW_IMAGE_EDGES) as ReviewImageSize[];

/** Stores every rendition under a new random stem and returns it. */
export async function storeReviewImage(storage: StorageProvider, image: EncodedImage): Promise<string> {
  const stem = `reviews/${randomUUID()}`;
  try {
    await Promise.all(
      SIZES.map((size) => storage.put(reviewImageKey(stem, size), image.files[size], 'image/webp')),
    );
  } catch (error) {
    await deleteReviewImage(storage, stem);
    throw error;
  }
  return stem;
}

/** Removes every rendition of a stored photo; missing files are fine. */
export async function deleteReviewImage(storage: StorageProvider, stem: string): Promise<void> {
  await Promise.all(SIZES.map((size) => storage.delete(reviewImageKey(stem, size))));
}
