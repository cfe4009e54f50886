import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { DomainError } from './errors';

/**
 * Checking and re-encoding an uploaded picture, for every upload the shop takes (review photos,
 * product pictures): the content decides what it is, never its name or the browser's word.
 */

/** The accepted types, by content. */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The sharp format name of each accepted type: the decoder must agree with the sniffed type. */
const DECODER: Record<(typeof PICTURE_TYPES)[number], string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Largest picture decoded, in pixels: a 48-megapixel phone photo fits, while a small file that claims
 * huge dimensions (a decompression bomb) is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;

// Quality 80 keeps photos sharp at about a tenth of a phone JPEG's size; effort 4 is sharp's default.
const WEBP = { quality: 80, effort: 4 } as const;

/** One size a picture is stored in: scaled to fit inside the box, or to cover it (cropped at the centre). */
export interface Rendition {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
}

/** The errors an upload is refused with, in the words of the form it came from. */
export interface PictureRefusals {
  /** Not a JPEG, PNG or WebP by its content (SVG, HTML, a PDF renamed .jpg…). */
  unsupported(): DomainError;
  /** Says it is one, but cannot be decoded (truncated, corrupt, a decoder that disagrees). */
  unreadable(): DomainError;
  /** More pixels than MAX_INPUT_PIXELS. */
  tooLarge(): DomainError;
}

/** A rendition as stored: WebP bytes and their size in pixels. */
export interface EncodedRendition {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks the upload by its content, then decodes and re-encodes it in every rendition: turned upright
 * by its EXIF orientation, converted to sRGB, scaled and written as WebP. sharp writes no metadata
 * unless asked (`withMetadata`, `keepExif`), so EXIF, GPS, XMP and ICC data of the upload never reach
 * the stored files.
 */
export async function reencodePicture<S extends string>(
  data: Buffer,
  renditions: Record<S, Rendition>,
  refuse: PictureRefusals,
): Promise<Record<S, EncodedRendition>> {
  const sniffed = await fileTypeFromBuffer(data);
  const type = PICTURE_TYPES.find((t) => t === sniffed?.mime);
  if (!type) throw refuse.unsupported();

  let pixels: number;
  let format: string | undefined;
  try {
    const metadata = await sharp(data, { limitInputPixels: false }).metadata();
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    format = metadata.format;
  } catch {
    throw refuse.unreadable();
  }
  if (format !== DECODER[type] || pixels === 0) throw refuse.unreadable();
  if (pixels > MAX_INPUT_PIXELS) throw refuse.tooLarge();

  const sizes = Object.keys(renditions) as S[];
  try {
    // `failOn: 'error'` refuses truncated or corrupt files instead of storing a half-grey picture.
    const upright = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const encoded = await Promise.all(
      sizes.map((size) => {
        const { width, height, fit } = renditions[size];
        return upright
          .clone()
          .resize({ width, height, fit, withoutEnlargement: fit === 'inside' })
          .webp(WEBP)
          .toBuffer({ resolveWithObject: true });
      }),
    );
    return Object.fromEntries(
      encoded.map(({ data: bytes, info }, i) => [
        sizes[i],
        { data: bytes, width: info.width, height: info.height },
      ]),
    ) as Record<S, EncodedRendition>;
  } catch {
    throw refuse.unreadable();
  }
}
