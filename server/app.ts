import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config/config';
import { type Container, createContainer } from './container';
import type { Db } from './db/client';
import { isDatabaseUp } from './db/client';
import { loggerOptions } from './logger';
import { addressRoutes } from './modules/address/address.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { grievancesRoutes } from './modules/grievances/grievances.routes';
import { likesRoutes } from './modules/likes/likes.routes';
import { type MissingImageDrawer, mediaRoutes } from './modules/media/media.routes';
import { orderRoutes } from './modules/order/order.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { phoneRoutes } from './modules/phone/phone.routes';
import { type MissingPhotoDrawer, reviewsRoutes } from './modules/reviews/reviews.routes';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';
import { auth } from './plugins/auth';
import { errorHandler } from './plugins/error-handler';
import { openapi } from './plugins/openapi';
import { csrf, security } from './plugins/security';
import { webApp } from './plugins/web-app';
import { createProviders, type Providers } from './providers';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app is made of (server/container.ts); main.ts hands its jobs to the scheduler. */
    container: Container;
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
  /** Draw the demo catalog's missing pictures on demand (server/db/seed.ts); without, only stored ones are served. */
  drawings?: { productImages: MissingImageDrawer; reviewPhotos: MissingPhotoDrawer };
}

/** Builds the whole app as a Fastify instance; main.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  db,
  logger,
  webRoot,
  providers: providerOverrides,
  now = () => new Date(),
  drawings,
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const providers: Providers = { ...createProviders(config, { log: app.log }), ...providerOverrides };
  const container = createContainer({ config, db, providers, log: app.log, now });
  app.decorate('container', container);
  // Shutting down waits for mail already promised to a shopper.
  app.addHook('onClose', async () => container.idle());
  const { services, flows } = container;

  await app.register(errorHandler);
  await app.register(compress, { threshold: 1024 });
  await app.register(security, { config });
  await app.register(openapi, { config });
  // Sessions before CSRF: a token is bound to the session the request arrives with.
  await app.register(auth, { sessions: services.sessions, config });
  await app.register(csrf, { config });

  await app.register(systemRoutes, {
    config,
    settings: services.settings,
    databaseUp: () => isDatabaseUp(db),
  });
  await app.register(usersRoutes, {
    users: services.users,
    twoFactor: services.twoFactor,
    acceptInvite: flows.staff.accept,
  });
  await app.register(addressRoutes, { addresses: services.addresses });
  await app.register(adminRoutes, {
    users: services.users,
    reviews: services.reviews,
    audit: services.audit,
    dashboard: services.dashboard,
    settings: services.settings,
    staff: services.staff,
    twoFactor: services.twoFactor,
    moderateReview: flows.moderateReview,
    updateSettings: flows.updateSettings,
    inviteStaff: flows.staff.invite,
    updateStaff: flows.staff.update,
    setTwoFactor: flows.staff.setTwoFactor,
    products: services.productAdmin,
    productChanges: flows.productChanges,
    orderAdmin: services.orderAdmin,
    handleOrder: flows.handleOrder,
    customers: services.customerAdmin,
    setCustomerBlocked: flows.setCustomerBlocked,
    categories: services.categoryAdmin,
    categoryChanges: flows.categoryChanges,
    grievances: services.grievances,
    answerGrievance: flows.answerGrievance,
  });
  await app.register(catalogRoutes, {
    catalog: services.catalog,
    cacheSeconds: config.CATALOG_CACHE_SECONDS,
  });
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(likesRoutes, { likes: services.likes });
  await app.register(mediaRoutes, {
    dataDir: config.dataDir,
    storage: providers.storage,
    drawer: drawings?.productImages,
  });
  await app.register(orderRoutes, {
    orders: services.orders,
    placeOrder: flows.placeOrder,
    cancelOrder: flows.cancelOrder,
    requestReturn: flows.requestReturn,
    payOrder: flows.payOrder,
    now,
  });
  await app.register(paymentsRoutes, { settle: flows.settlePayment });
  // The simulator's hosted payment page; a real provider hosts its own.
  if (providers.payment.routes) await app.register(providers.payment.routes);
  await app.register(shippingRoutes, { shipping: services.shipping, receiveWebhook: flows.trackShipment });
  await app.register(passwordResetRoutes, { passwordReset: services.passwordReset });
  await app.register(phoneRoutes, { phone: services.phone });
  await app.register(grievancesRoutes, { grievances: services.grievances, file: flows.fileGrievance });
  await app.register(reviewsRoutes, {
    reviews: services.reviews,
    changes: flows.reviews,
    storage: providers.storage,
    photos: drawings?.reviewPhotos,
    now,
  });

  await app.register(webApp, {
    root: webRoot ?? path.join(repoRoot, 'dist', 'web'),
    imagesDir: path.join(config.dataDir, 'images'),
  });
  return app;
}
