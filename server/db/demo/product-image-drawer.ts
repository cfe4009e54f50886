import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseProductImageFile, productImageUrl } from '../../../common/images';
import type { ProductImageSource } from './product-image.repository';
import {
  drawingOf,
  type ImageJob,
  imageFilePaths,
  planMissingImages,
  productImageSvg,
  renderImageFiles,
} from './product-images';

type ImageFiles = { lg: string; sm: string };

export interface DrawRunStats {
  /** Images drawn in this run (each is a large and a small file). */
  generated: number;
  /** Images whose files were already there. */
  present: number;
  /** Stored URLs that are not generated product images (left alone). */
  foreign: number;
  /** Images that failed to draw; the run goes on without them (they are retried on demand). */
  failed: number;
  /** True when the signal stopped the run before every missing image was drawn. */
  aborted: boolean;
  ms: number;
}

export interface DrawMissingOptions {
  /** Checked between images; an image already being drawn is finished, never left half written. */
  signal?: AbortSignal;
  /** Images drawn at once. */
  concurrency?: number;
  /** The products to draw for; every stored product when left out. */
  jobs?: ImageJob[];
  /** Called after each image this run drew, for progress. */
  onDrawn?: (url: string) => void;
  onError?: (url: string, error: unknown) => void;
}

export interface ProductImageDrawer {
  /**
   * The path, relative to DATA_DIR/images, of a requested file under /images/products/, drawn first
   * when it is missing; null when the name breaks the naming rule or no product stores the image.
   */
  ensure(fileName: string): Promise<string | null>;
  /** Draws every missing image of the stored products (or of `jobs`), `concurrency` at a time. */
  drawMissing(options?: DrawMissingOptions): Promise<DrawRunStats>;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Draws product illustrations into DATA_DIR/images, either all missing ones (in the background after
 * start-up, or in the foreground from `npm run seed`) or one at the moment a browser asks for it.
 * Both paths share one map of draws in flight, so an image is never drawn twice at once by this
 * process, however many requests and background workers want it.
 */
export function createProductImageDrawer({
  dataDir,
  source,
}: {
  dataDir: string;
  source: ProductImageSource;
}): ProductImageDrawer {
  const inFlight = new Map<string, Promise<boolean>>();

  /** Resolves true once both files of `url` exist, drawing them unless they do or a draw is under way. */
  function drawOnce(url: string, files: ImageFiles, find: () => Promise<ImageJob | null>): Promise<boolean> {
    const running = inFlight.get(url);
    if (running) return running;
    // Checked synchronously with taking the slot: a draw that finished while this caller was awaiting
    // something else (the file check, the product lookup) must not be repeated.
    if (existsSync(files.lg) && existsSync(files.sm)) return Promise.resolve(true);
    const drawing = (async () => {
      const job = await find();
      const drawing = job && drawingOf(job, url);
      if (!job || !drawing) return false;
      await renderImageFiles(productImageSvg(job.subject, url, drawing.view, drawing.colour), files);
      return true;
    })().finally(() => inFlight.delete(url));
    inFlight.set(url, drawing);
    return drawing;
  }

  return {
    async ensure(fileName) {
      const requested = parseProductImageFile(fileName);
      const files = requested && imageFilePaths(dataDir, requested.url);
      if (!requested || !files) return null;
      const relative = productImageUrl(requested.url, requested.size).slice('/images/'.length);
      if (await exists(requested.size === 'sm' ? files.sm : files.lg)) return relative;
      const drawn = await drawOnce(requested.url, files, () => source.findByImage(requested.url));
      return drawn ? relative : null;
    },

    async drawMissing({ signal, concurrency = 2, jobs, onDrawn, onError } = {}) {
      const started = performance.now();
      const stats: DrawRunStats = { generated: 0, present: 0, foreign: 0, failed: 0, aborted: false, ms: 0 };
      const plan = planMissingImages(dataDir, jobs ?? (await source.listAll()));
      const todo = plan.missing;
      stats.present = plan.present;
      stats.foreign = plan.foreign;

      let next = 0;
      const worker = async () => {
        while (!signal?.aborted && next < todo.length) {
          const item = todo[next++] as (typeof todo)[number];
          try {
            if (await drawOnce(item.url, item.files, async () => item.job)) {
              stats.generated += 1;
              onDrawn?.(item.url);
            }
          } catch (error) {
            stats.failed += 1;
            onError?.(item.url, error);
          }
          // Give waiting requests a turn on the event loop before the next image.
          await nextTurn();
        }
      };
      const workers = Math.min(Math.max(1, concurrency), todo.length);
      await Promise.all(Array.from({ length: workers }, worker));
      stats.aborted = next < todo.length;
      stats.ms = Math.round(performance.now() - started);
      return stats;
    },
  };
}
