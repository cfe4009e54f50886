import { count, sql } from 'drizzle-orm';
import type { Config } from '../config/config';
import { products } from '../modules/catalog/catalog.schema';
import { pricingRulesOf } from '../modules/order/order-pricing';
import type { StorageProvider } from '../providers';
import type { Db } from './client';
import { buildDemoCatalog } from './demo/demo-catalog';
import { seedDemoShopper } from './demo/orders-seed';
import { createProductImageRepository } from './demo/product-image.repository';
import { createProductImageDrawer, type ProductImageDrawer } from './demo/product-image-drawer';
import { insertDemoReviews, planDemoReviews, withDemoRatings } from './demo/reviews';
import {
  createReviewPhotoDrawer,
  createReviewPhotoSource,
  type ReviewPhotoDrawer,
} from './demo/reviews-photos';
import { DEMO_SHOPPER } from './demo/shopper';
import { seedDemoStaff } from './demo/staff';
import { insertProducts } from './factories/product.factory';

export interface SeedResult {
  /** Products inserted by this run (0 when the catalog already had products, or SEED is not demo). */
  inserted: number;
  /** Orders of the demo shopper created by this run (0 unless the catalog was inserted, or in production). */
  demoShopperOrders: number;
  insertMs: number;
  /** Product images drawn by this run (each a large and a small WebP); 0 unless `drawImages`. */
  imagesGenerated: number;
  imagesPresent: number;
  imagesMs: number;
}

/** The slice of a logger the seed uses; Fastify's logger fits, and so does a console wrapper. */
export interface SeedLog {
  info(fields: object, message: string): void;
}

/** The demo's pictures: drawn in the background after start-up, and one on demand when a page asks first. */
export interface DemoDrawings {
  productImages: ProductImageDrawer;
  reviewPhotos: ReviewPhotoDrawer;
}

/**
 * The drawers of the demo catalog's product pictures and review photos. The app takes them as
 * plain "draw what is missing" ports (buildApp's `drawings`), so no production code imports demo code.
 */
export function demoDrawings(
  db: Db,
  { dataDir, storage }: { dataDir: string; storage: StorageProvider },
): DemoDrawings {
  return {
    productImages: createProductImageDrawer({ dataDir, source: createProductImageRepository(db) }),
    reviewPhotos: createReviewPhotoDrawer({ storage, source: createReviewPhotoSource(db) }),
  };
}

/** Any number, as long as every app instance uses the same one to take the seed lock. */
const SEED_LOCK_KEY = 7_431_906;
/** Images drawn at once in the foreground: two keep two cores busy without starving the event loop. */
const IMAGE_CONCURRENCY = 2;

/**
 * Inserts the demo catalog, and outside production the demo shopper with its orders, if the products
 * table is empty. Takes a transaction-scoped advisory lock first, so when several app instances start
 * together on one PostgreSQL server only one inserts.
 */
async function insertDemoCatalogIfEmpty(
  db: Db,
  config: Config,
): Promise<{ products: number; shopperOrders: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(products);
    if ((row?.n ?? 0) > 0) return { products: 0, shopperOrders: 0 };
    const catalog = buildDemoCatalog();
    const reviews = planDemoReviews(catalog);
    const ids = await insertProducts(tx, withDemoRatings(catalog, reviews));
    // Reviewers who cannot sign in, their delivered orders and reviews: ratings and the Happy Customers
    // wall show from the first start (their photos are drawn after the shop listens).
    await insertDemoReviews(tx, { catalog, productIds: ids, plan: reviews, pricing: pricingRulesOf(config) });
    // An account with a published password has no place in a production shop (docs/decisions/008).
    if (config.NODE_ENV === 'production') return { products: catalog.length, shopperOrders: 0 };
    const shopper = await seedDemoShopper(tx, { config, catalog, ids, now: new Date() });
    await seedDemoStaff(tx, new Date());
    return { products: catalog.length, shopperOrders: shopper.orders };
  });
}

/**
 * Loads the demo catalog into an empty database when SEED=demo (the default). Safe to run on every
 * start: with products in place it only counts them. Drawing the pictures takes far longer than the
 * insert, so by default it draws none: the server draws them after it listens (and on demand when a
 * browser asks for one first). `drawImages` draws every missing one before returning, for
 * `npm run seed` and anything else that wants them all on disk first.
 */
export async function seedIfEmpty(options: {
  db: Db;
  config: Config;
  log: SeedLog;
  drawImages?: boolean;
}): Promise<SeedResult> {
  const { db, config, log, drawImages = false } = options;
  const result: SeedResult = {
    inserted: 0,
    demoShopperOrders: 0,
    insertMs: 0,
    imagesGenerated: 0,
    imagesPresent: 0,
    imagesMs: 0,
  };
  if (config.SEED !== 'demo') return result;

  const started = performance.now();
  const inserted = await insertDemoCatalogIfEmpty(db, config);
  result.inserted = inserted.products;
  result.demoShopperOrders = inserted.shopperOrders;
  result.insertMs = Math.round(performance.now() - started);
  if (result.inserted > 0) {
    // A bulk insert leaves the trigram indexes' pending lists full and the planner without statistics;
    // PGlite has no autovacuum, so search stays slow until this runs.
    await db.execute(sql`vacuum analyze products, product_variants`);
    log.info(
      { products: result.inserted, ms: result.insertMs },
      `demo catalog: inserted ${result.inserted} products`,
    );
  }
  if (result.demoShopperOrders > 0) {
    log.info(
      { email: DEMO_SHOPPER.email, orders: result.demoShopperOrders },
      `demo shopper: ${DEMO_SHOPPER.email} with ${result.demoShopperOrders} orders (password in README)`,
    );
  }
  if (!drawImages) return result;

  const drawer = createProductImageDrawer({
    dataDir: config.dataDir,
    source: createProductImageRepository(db),
  });
  let firstFailure: { url: string; error: unknown } | undefined;
  const images = await drawer.drawMissing({
    concurrency: IMAGE_CONCURRENCY,
    onError: (url, error) => {
      firstFailure ??= { url, error };
    },
  });
  if (firstFailure) {
    throw new Error(`${images.failed} product images could not be drawn, the first ${firstFailure.url}`, {
      cause: firstFailure.error,
    });
  }
  result.imagesGenerated = images.generated;
  result.imagesPresent = images.present;
  result.imagesMs = images.ms;
  if (images.generated > 0) {
    log.info(
      { generated: images.generated, present: images.present, ms: images.ms },
      `product images: drew ${images.generated} missing images in ${(images.ms / 1000).toFixed(1)} s`,
    );
  }
  return result;
}
