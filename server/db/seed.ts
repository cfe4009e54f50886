import { asc, count, sql } from 'drizzle-orm';
import type { Config } from '../config/config';
import { products, productVariants } from '../modules/catalog/catalog.schema';
import { insertProducts } from '../test/factories/product.factory';
import type { Db } from './client';
import { buildDemoCatalog } from './demo/demo-catalog';
import { generateMissingImages, type ImageJob } from './demo/product-images';

export interface SeedResult {
  /** Products inserted by this run (0 when the catalog already had products). */
  inserted: number;
  /** Product images drawn by this run, each as a large and a small WebP file. */
  imagesGenerated: number;
  imagesPresent: number;
  insertMs: number;
  imagesMs: number;
}

/** The slice of a logger the seed uses; Fastify's logger fits, and so does a console wrapper. */
export interface SeedLog {
  info(fields: object, message: string): void;
}

/** Any number, as long as every app instance uses the same one to take the seed lock. */
const SEED_LOCK_KEY = 7_431_906;
const IMAGE_CONCURRENCY = 2;

/**
 * Inserts the demo catalog if the products table is empty. Takes a transaction-scoped advisory lock
 * first, so when several app instances start together on one PostgreSQL server only one inserts.
 */
async function insertDemoCatalogIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(products);
    if ((row?.n ?? 0) > 0) return 0;
    const catalog = buildDemoCatalog();
    await insertProducts(tx, catalog);
    return catalog.length;
  });
}

/** Every stored product with what is needed to redraw its images. */
async function imageJobs(db: Db): Promise<ImageJob[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      subCategory: products.subCategory,
      type: products.type,
      images: products.images,
    })
    .from(products);
  const variants = await db
    .select({ productId: productVariants.productId, color: productVariants.color })
    .from(productVariants)
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const colors = new Map<string, string[]>();
  for (const v of variants) {
    const list = colors.get(v.productId) ?? [];
    if (!list.includes(v.color)) list.push(v.color);
    colors.set(v.productId, list);
  }
  return rows.map(({ id, images, ...subject }) => ({
    subject: { ...subject, colors: colors.get(id) ?? [] },
    images,
  }));
}

/**
 * Loads the demo catalog into an empty database when SEED=demo (the default), then draws any product
 * image whose files are missing (after a first seed that is all of them; after DATA_DIR/images was
 * wiped, the lost ones). Safe to run on every start: with products and images in place it only reads.
 */
export async function seedIfEmpty(options: { db: Db; config: Config; log: SeedLog }): Promise<SeedResult> {
  const { db, config, log } = options;
  const result: SeedResult = { inserted: 0, imagesGenerated: 0, imagesPresent: 0, insertMs: 0, imagesMs: 0 };
  if (config.SEED !== 'demo') return result;

  const started = performance.now();
  result.inserted = await insertDemoCatalogIfEmpty(db);
  result.insertMs = Math.round(performance.now() - started);
  if (result.inserted > 0) {
    log.info(
      { products: result.inserted, ms: result.insertMs },
      `demo catalog: inserted ${result.inserted} products`,
    );
  }

  const images = await generateMissingImages(config.dataDir, await imageJobs(db), {
    concurrency: IMAGE_CONCURRENCY,
  });
  result.imagesGenerated = images.generated;
  result.imagesPresent = images.present;
  result.imagesMs = images.ms;
  if (images.generated > 0) {
    log.info(
      { generated: images.generated, present: images.present, ms: images.ms },
      `product images: drew ${images.generated} missing images in ${(images.ms / 1000).toFixed(1)} s`,
    );
  }
  if (result.inserted > 0) {
    const total = Math.round(performance.now() - started);
    log.info({ ms: total }, `demo shop ready in ${(total / 1000).toFixed(1)} s`);
  }
  return result;
}
