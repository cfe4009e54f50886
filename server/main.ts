import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfigOrExit } from './config/config';
import { openDatabase } from './db/client';
import { type DemoDrawings, demoDrawings, seedIfEmpty } from './db/seed';
import { createScheduler } from './jobs/scheduler';
import { ensureConfiguredAdmin } from './modules/users/ensure-admin';
import { createProviders } from './providers';

/**
 * Starts the shop: validate configuration, open and migrate the database, seed, listen, draw the
 * missing product pictures in the background, shut down cleanly.
 */
async function main() {
  const config = loadConfigOrExit();

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  mkdirSync(path.join(config.dataDir, 'images'), { recursive: true });
  // The providers are chosen here, not in buildApp, because the demo's photo drawer stores through
  // them too; they log through the app's logger, which exists by the time anything is sent.
  const providers = createProviders(config, {
    log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
  });
  const drawings = demoDrawings(database.db, { dataDir: config.dataDir, storage: providers.storage });
  const app: FastifyInstance = await buildApp({ config, db: database.db, providers, drawings });
  await seedIfEmpty({ db: database.db, config, log: app.log });
  try {
    const action = await ensureConfiguredAdmin(database.db, config);
    if (action) app.log.info({ email: config.ADMIN_EMAIL, action }, 'admin account ensured (ADMIN_EMAIL)');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
  const scheduler = createScheduler({
    db: database.db,
    kind: database.kind,
    log: app.log,
    jobs: app.container.jobs,
  });

  const stopDrawing = new AbortController();
  let drawing: Promise<void> = Promise.resolve();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    stopDrawing.abort();
    await app.close();
    // A job in progress finishes its statement; none starts after this.
    await scheduler.stop();
    // The drawer finishes the image in hand (well under a second), so no half-written temp file stays.
    await drawing;
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (!closing) scheduler.start();
  app.log.info(
    `${config.SHOP_NAME} is open at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} (${database.kind})`,
  );
  if (config.SEED === 'demo' && !closing) {
    drawing = drawMissingImages(app, drawings, stopDrawing.signal).then(() =>
      drawMissingReviewPhotos(app, drawings, stopDrawing.signal),
    );
  }
}

/**
 * Draws the product pictures still missing (all of them after a first seed) while the shop already
 * answers; a page that needs one sooner gets it drawn on demand. Never throws: a failed picture is
 * logged and drawn again when a browser asks for it.
 */
async function drawMissingImages(
  app: FastifyInstance,
  drawings: DemoDrawings,
  signal: AbortSignal,
): Promise<void> {
  try {
    const stats = await drawings.productImages.drawMissing({
      signal,
      onError: (url, err) => app.log.warn({ err, url }, 'product image: drawing failed'),
    });
    if (stats.aborted) {
      app.log.info(stats, `product images: stopped after drawing ${stats.generated} (shutting down)`);
    } else if (stats.generated > 0 || stats.failed > 0) {
      app.log.info(
        stats,
        `product images: drew ${stats.generated} missing images in the background in ${(stats.ms / 1000).toFixed(1)} s`,
      );
    }
  } catch (err) {
    // Listing the products failed (the database went away during shutdown, say): serving goes on.
    if (!signal.aborted) app.log.error({ err }, 'product images: background drawing failed');
  }
}

/**
 * Draws the demo reviews' photos still missing, after the product pictures (the home page needs those
 * first); a page that asks for one sooner gets it drawn on demand. Never throws.
 */
async function drawMissingReviewPhotos(
  app: FastifyInstance,
  drawings: DemoDrawings,
  signal: AbortSignal,
): Promise<void> {
  try {
    const stats = await drawings.reviewPhotos.drawMissing({
      signal,
      onError: (stem, err) => app.log.warn({ err, stem }, 'review photo: drawing failed'),
    });
    if (stats.generated > 0 || stats.failed > 0) {
      app.log.info(stats, `review photos: drew ${stats.generated} demo photos in the background`);
    }
  } catch (err) {
    if (!signal.aborted) app.log.error({ err }, 'review photos: background drawing failed');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
