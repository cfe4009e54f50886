/**
 * `npm run seed`: opens and migrates the database named by the environment (PGlite in DATA_DIR, or
 * DATABASE_URL), loads the demo catalog if the shop is empty and draws every missing product image.
 * The server inserts on start-up too but draws the pictures after it listens (and on demand); this
 * runs both in the foreground, so a deploy can pre-draw, and prints what it did.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../server/config/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';

async function main() {
  const config = loadConfigOrExit();
  if (config.SEED !== 'demo') {
    console.log('SEED is not "demo": nothing to do.');
    return;
  }

  const started = performance.now();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    mkdirSync(path.join(config.dataDir, 'images'), { recursive: true });
    const log = { info: (_fields: object, message: string) => console.log(message) };
    // Drawn here in the foreground, so a deploy can have every picture on disk before traffic arrives.
    const result = await seedIfEmpty({ db: database.db, config, log, drawImages: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `Database: ${database.kind}${database.kind === 'pglite' ? ` in ${path.join(config.dataDir, 'db')}` : ''}`,
        `Products inserted: ${result.inserted}${result.inserted === 0 ? ' (the catalog already had products)' : ''}`,
        `Images drawn: ${result.imagesGenerated} (already present: ${result.imagesPresent}) in ${path.join(config.dataDir, 'images', 'products')}`,
        `Done in ${seconds} s`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
