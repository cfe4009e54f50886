import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';

/** Starts the shop: validate configuration, open and migrate the database, seed, listen, shut down cleanly. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  mkdirSync(path.join(config.dataDir, 'images'), { recursive: true });
  const app = await buildApp({ config, db: database.db });
  await seedIfEmpty({ db: database.db, config, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `${config.SHOP_NAME} is open at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} (${database.kind})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
