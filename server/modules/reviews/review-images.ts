import { randomUUID } from 'node:crypto';
import {
  REVIEW_IMAGE_EDGES,
  REVIEW_MESSAGES,
  type ReviewImage,
  type ReviewImageSize,
} from '../../../common/schemas/reviews';
import { DomainError } from '../../errors';
import { reencodePicture } from '../../pictures';
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

const SIZES = Object.keys(REVIEW_IMAGE_EDGES) as ReviewImageSize[];

/**
 * Checks and re-encodes a review photo (server/pictures.ts) in each size of REVIEW_IMAGE_EDGES, never
 * enlarged: 415 for anything but a readable JPEG, PNG or WebP picture, 413 for one too large to decode.
 */
export async function encodeReviewImage(data: Buffer): Promise<EncodedImage> {
  const box = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const });
  const encoded = await reencodePicture(
    data,
    { sm: box(REVIEW_IMAGE_EDGES.sm), md: box(REVIEW_IMAGE_EDGES.md), lg: box(REVIEW_IMAGE_EDGES.lg) },
    {
      unsupported: () => new UnsupportedImageError(),
      unreadable: () => new UnsupportedImageError(REVIEW_MESSAGES.unreadableImage),
      tooLarge: () => new ImageTooLargeError(),
    },
  );
  return {
    width: encoded.lg.width,
    height: encoded.lg.height,
    files: { sm: encoded.sm.data, md: encoded.md.data, lg: encoded.lg.data },
  };
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
