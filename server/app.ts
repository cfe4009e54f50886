import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Db } from './db/client';
import { createReviewPhotoDrawer, createReviewPhotoSource } from './db/demo/reviews-photos';
import { createAddressRepository } from './modules/address/address.repository';
import { addressRoutes } from './modules/address/address.routes';
import { createAddressService } from './modules/address/address.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { likesRoutes } from './modules/likes/likes.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { orderRoutes } from './modules/order/order.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { phoneRoutes } from './modules/phone/phone.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { createShippingService } from './modules/shipping/shipping.service';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';
import { auth } from './plugins/auth';
import { errorHandler } from './plugins/error-handler';
import { csrf, security } from './plugins/security';
import { webApp } from './plugins/web-app';
import { createProviders, type Providers } from './providers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outside services in use; main.ts hands them to the scheduled jobs (order mails). */
    providers: Providers;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  /** Replaces some outside-service providers (tests inject fakes); the rest come from the config. */
  providers?: Partial<Providers>;
  /** The clock for time-limited codes and permissions; tests move it instead of sleeping. */
  now?: () => Date;
}

/** Builds the whole app as a Fastify instance; main.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  db,
  logger,
  webRoot,
  providers: providerOverrides,
  now,
}: AppOptions) {
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
  // Sessions before CSRF: a token is bound to the session the request arrives with.
  await app.register(auth, { db, config, now });
  await app.register(csrf, { config });

  await app.register(systemRoutes, { db, config });
  await app.register(usersRoutes, { db, now, signupsPerHour: config.SIGNUPS_PER_HOUR });
  await app.register(addressRoutes, { db });
  await app.register(adminRoutes, { db, now, prefix: '/api/admin' });
  await app.register(catalogRoutes, { db, cacheSeconds: config.CATALOG_CACHE_SECONDS });
  await app.register(analyticsRoutes, { db });
  // Likes read products through the catalog's service (a module never reads another's tables).
  await app.register(likesRoutes, { db, catalog: createCatalogService(createCatalogRepository(db)) });
  await app.register(mediaRoutes, { db, dataDir: config.dataDir });
  const providers: Providers = { ...createProviders(config, { log: app.log }), ...providerOverrides };
  app.decorate('providers', providers);
  // Orders read the shopper's address through the address service (a module never reads another's
  // tables), and ask the shipping service whether the courier delivers there.
  await app.register(orderRoutes, {
    db,
    config,
    now,
    addresses: createAddressService(createAddressRepository(db)),
    shipping: createShippingService(db, { provider: providers.shipping, log: app.log }),
    payment: providers.payment,
    courier: providers.shipping,
  });
  await app.register(paymentsRoutes, { db, provider: providers.payment, now });
  // The simulator's hosted payment page; a real provider hosts its own.
  if (providers.payment.routes) await app.register(providers.payment.routes);
  await app.register(shippingRoutes, {
    db,
    provider: providers.shipping,
    payment: providers.payment,
    log: app.log,
    now,
  });
  await app.register(passwordResetRoutes, { db, config, providers, now });
  await app.register(phoneRoutes, { db, config, providers, now });
  // Reviews ask the order service whether the shopper received the product, and keep the catalog's
  // rating in step (server/flows/review-changes.ts).
  await app.register(reviewsRoutes, {
    db,
    storage: providers.storage,
    photos: createReviewPhotoDrawer({ storage: providers.storage, source: createReviewPhotoSource(db) }),
    now,
  });

  await app.register(webApp, {
    root: webRoot ?? path.join(repoRoot, 'dist', 'web'),
    imagesDir: path.join(config.dataDir, 'images'),
  });
  return app;
}
