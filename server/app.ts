import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Db } from './db/client';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { systemRoutes } from './modules/system/system.routes';
import { errorHandler } from './plugins/error-handler';
import { security } from './plugins/security';
import { webApp } from './plugins/web-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
}

/** Builds the whole app as a Fastify instance; main.ts listens, tests call `inject`. */
export async function buildApp({ config, db, logger, webRoot }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(compress, { threshold: 1024 });
  await app.register(security, { config });

  await app.register(systemRoutes, { db, config });
  await app.register(catalogRoutes, { db });
  await app.register(analyticsRoutes, { db });
  await app.register(mediaRoutes, { db, dataDir: config.dataDir });

  await app.register(webApp, {
    root: webRoot ?? path.join(repoRoot, 'dist', 'web'),
    imagesDir: path.join(config.dataDir, 'images'),
  });
  return app;
}
