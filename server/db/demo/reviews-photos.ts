import { setImmediate as nextTurn } from 'node:timers/promises';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { encodeReviewImage, reviewImageKey } from '../../modules/reviews/review-images';
import { reviews } from '../../modules/reviews/reviews.schema';
import type { StorageProvider } from '../../providers';
import type { Db } from '../client';
import { buildDemoCatalog } from './demo-catalog';
import { MOTIFS } from './motifs';
import { makePalette } from './palette';
import { type ImageSubject, motifFor } from './product-images';
import { createRng } from './random';
import { demoPhotoShape, planDemoReviews } from './reviews';

const DEMO_STEM_PREFIX = 'reviews/demo-';
/** `reviews/demo-<name>-<size>.webp` → the stem and the size. */
const DEMO_KEY = /^(reviews\/demo-[a-z0-9-]+)-(sm|md|lg)\.webp$/;

/** Walls, tabletops and bedspreads a shopper might photograph their purchase on. */
const WALLS = ['#f3e7d7', '#e9eef2', '#f6ede4', '#e8e2f0', '#eef3e6', '#f8f1e6'];
const SURFACES = ['#b07d4f', '#8c5a3c', '#d9c3a5', '#c9d8e4', '#e7c9c9', '#9fb8a0'];

/**
 * The SVG of a demo customer photo: the product's drawing set on a table or bed against a wall, a
 * little tilted, in window light, as a phone photo of a delivery looks. The stem seeds the details.
 */
export function reviewPhotoSvg(subject: ImageSubject, stem: string): string {
  const rng = createRng(stem);
  const { width, height } = demoPhotoShape(stem);
  const palette = makePalette(subject.colors[0] ?? 'Multicolour', rng, 0);
  const drawing = MOTIFS[motifFor(subject)](palette, rng, `${subject.type} ${subject.name}`.toLowerCase());
  const horizon = Math.round(height * rng.pick([0.58, 0.62, 0.66]));
  const scale = (Math.min(width / 400, height / 500) * rng.pick([0.78, 0.84, 0.9])).toFixed(3);
  const tilt = rng.int(-8, 8);
  const cx = Math.round(width / 2 + rng.int(-40, 40));
  const base = Math.round(horizon + (height - horizon) * 0.55);
  const wall = rng.pick(WALLS);
  const surface = rng.pick(SURFACES);
  const light = rng.int(Math.round(width * 0.1), Math.round(width * 0.5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="#cfc4b6"/></linearGradient>
<linearGradient id="surface" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${surface}"/><stop offset="1" stop-color="#3b2a20" stop-opacity="0.9"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></radialGradient>
<pattern id="fab" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="1.8" fill="${palette.light}" fill-opacity="0.55"/></pattern>
</defs>
<rect width="${width}" height="${height}" fill="url(#wall)"/>
<path d="M${light} 0 L${light + width * 0.28} 0 L${light + width * 0.05} ${horizon} L${light - width * 0.23} ${horizon} Z" fill="#ffffff" opacity="0.28"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#surface)"/>
<rect y="${horizon}" width="${width}" height="6" fill="#ffffff" opacity="0.25"/>
<ellipse cx="${cx}" cy="${base}" rx="${Math.round(width * 0.3)}" ry="${Math.round(height * 0.025)}" fill="#000000" opacity="0.25"/>
<g transform="translate(${cx} ${base}) rotate(${tilt}) scale(${scale}) translate(-200 -440)">${drawing}</g>
<rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

/** Where the drawer finds which demo photos the stored reviews use. */
export interface ReviewPhotoSource {
  stemsInUse(): Promise<string[]>;
}

/** Reads the demo photo stems of the stored reviews (the seed owns the demo data; it only reads). */
export function createReviewPhotoSource(db: Db): ReviewPhotoSource {
  return {
    async stemsInUse() {
      const rows = await db
        .selectDistinct({ stem: reviews.imageKey })
        .from(reviews)
        .where(like(reviews.imageKey, `${DEMO_STEM_PREFIX}%`));
      return rows.flatMap((row) => (row.stem ? [row.stem] : []));
    },
  };
}

export interface PhotoRunStats {
  generated: number;
  present: number;
  failed: number;
  aborted: boolean;
  ms: number;
}

export interface ReviewPhotoDrawer {
  /** Draws the demo photo a storage key belongs to if it is missing; false for any other key. */
  ensure(key: string): Promise<boolean>;
  /** Draws every missing photo the stored demo reviews use, one at a time. */
  drawMissing(options?: {
    signal?: AbortSignal;
    onError?: (stem: string, error: unknown) => void;
  }): Promise<PhotoRunStats>;
}

/**
 * Draws the demo reviews' photos into storage, through the same checks and encoding as a shopper's
 * upload. The subjects come from the demo plan (the same on every run), so only the photos it names
 * can be drawn: a browser asking for other names costs nothing. Like the product pictures, the shop
 * draws them in the background after it listens, and one on demand when a page asks first.
 */
export function createReviewPhotoDrawer({
  storage,
  source,
}: {
  storage: StorageProvider;
  source: ReviewPhotoSource;
}): ReviewPhotoDrawer {
  let subjects: Map<string, ImageSubject> | undefined;
  const subjectOf = (stem: string): ImageSubject | undefined => {
    if (!subjects) {
      const catalog = buildDemoCatalog();
      subjects = new Map();
      for (const review of planDemoReviews(catalog).reviews) {
        const product = catalog[review.product];
        if (!review.photo || !product) continue;
        const { name, category, subCategory, type } = product;
        // Drawn in the colour the reviewer bought.
        subjects.set(review.photo, { name, category, subCategory, type, colors: [review.color] });
      }
    }
    return subjects.get(stem);
  };
  const inFlight = new Map<string, Promise<boolean>>();

  /** Resolves true once the photo's files are stored, drawing them unless a draw is under way. */
  function drawOnce(stem: string): Promise<boolean> {
    const running = inFlight.get(stem);
    if (running) return running;
    const drawing = (async () => {
      const subject = subjectOf(stem);
      if (!subject) return false;
      if (await storage.exists(reviewImageKey(stem, 'lg'))) return true;
      const photo = await sharp(Buffer.from(reviewPhotoSvg(subject, stem)))
        .jpeg({ quality: 92 })
        .toBuffer();
      const encoded = await encodeReviewImage(photo);
      // The large file last: its presence is what marks the photo as drawn.
      await storage.put(reviewImageKey(stem, 'sm'), encoded.files.sm, 'image/webp');
      await storage.put(reviewImageKey(stem, 'md'), encoded.files.md, 'image/webp');
      await storage.put(reviewImageKey(stem, 'lg'), encoded.files.lg, 'image/webp');
      return true;
    })().finally(() => inFlight.delete(stem));
    inFlight.set(stem, drawing);
    return drawing;
  }

  return {
    async ensure(key) {
      const stem = DEMO_KEY.exec(key)?.[1];
      return stem ? drawOnce(stem) : false;
    },

    async drawMissing({ signal, onError } = {}) {
      const started = performance.now();
      const stats: PhotoRunStats = { generated: 0, present: 0, failed: 0, aborted: false, ms: 0 };
      const stems = await source.stemsInUse();
      for (const [index, stem] of stems.entries()) {
        if (signal?.aborted) {
          stats.aborted = index < stems.length;
          break;
        }
        try {
          if (await storage.exists(reviewImageKey(stem, 'lg'))) stats.present += 1;
          else if (await drawOnce(stem)) stats.generated += 1;
        } catch (error) {
          stats.failed += 1;
          onError?.(stem, error);
        }
        // Give waiting requests a turn on the event loop before the next photo.
        await nextTurn();
      }
      stats.ms = Math.round(performance.now() - started);
      return stats;
    },
  };
}
