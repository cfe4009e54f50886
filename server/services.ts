import type { Config } from './config/config';
import type { Db } from './db/client';
import { createAddressService } from './modules/address/address.service';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuditService } from './modules/audit/audit.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createCategoryAdminService } from './modules/catalog/category-admin.service';
import { createInventoryService } from './modules/catalog/inventory.service';
import { createProductAdminService } from './modules/catalog/product-admin.service';
import { createGrievancesService } from './modules/grievances/grievances.service';
import { createLikesRepository } from './modules/likes/likes.repository';
import { createLikesService } from './modules/likes/likes.service';
import { createOrderService } from './modules/order/order.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import {
  createSettingsService,
  type SettingsConfig,
  settingsDefaultsOf,
} from './modules/settings/settings.service';
import { createShippingService } from './modules/shipping/shipping.service';
import { createSessionsService } from './modules/users/sessions.service';
import { createStaffService } from './modules/users/staff.service';
import { totpKeyOf } from './modules/users/totp';
import { createTwoFactorService } from './modules/users/two-factor.service';
import { createUsersService } from './modules/users/users.service';
import type { ProviderLogger, ShippingProvider } from './providers';

export interface ServicesOptions {
  config: Pick<Config, 'SIGNUPS_PER_HOUR' | 'SIGNINS_PER_ADDRESS' | 'sessionSecret' | 'HOLIDAYS'> &
    SettingsConfig;
  /** The courier, asked by the shipping service. */
  courier: ShippingProvider;
  log: ProviderLogger;
  now: () => Date;
  /**
   * How long catalog reads are reused from memory; the services of one transaction read fresh
   * (0), because a transaction must see its own writes.
   */
  catalogCacheSeconds: number;
  /** How long the shop settings are reused from memory; 0 for a transaction's, for the same reason. */
  settingsCacheMs: number;
}

/**
 * Every module's service over one database handle: the pool (the container's long-lived services) or
 * one transaction (what a flow's `transaction` hands its work). Building them is a handful of
 * closures, cheap enough to do per transaction, so a flow never names a repository or a `Db`.
 */
export function createServices(
  db: Db,
  { config, courier, log, now, catalogCacheSeconds, settingsCacheMs }: ServicesOptions,
) {
  const catalog = createCatalogService(createCatalogRepository(db), { cacheSeconds: catalogCacheSeconds });
  const settings = createSettingsService(db, {
    defaults: settingsDefaultsOf(config),
    cacheMs: settingsCacheMs,
    now,
  });
  return {
    addresses: createAddressService(db),
    analytics: createAnalyticsService(createAnalyticsRepository(db), { now }),
    audit: createAuditService(db, { now }),
    catalog,
    categoryAdmin: createCategoryAdminService(db, { now }),
    grievances: createGrievancesService(db, { now, holidays: new Set(config.HOLIDAYS) }),
    inventory: createInventoryService(db),
    likes: createLikesService(createLikesRepository(db), catalog),
    orders: createOrderService(db),
    payments: createPaymentsService(db),
    productAdmin: createProductAdminService(db, { now }),
    reviews: createReviewsService(db, catalog),
    sessions: createSessionsService(db, { now }),
    settings,
    shipping: createShippingService(db, { provider: courier, log, now }),
    staff: createStaffService(db, { now }),
    twoFactor: createTwoFactorService(db, {
      now,
      key: totpKeyOf(config.sessionSecret),
      // Authenticator apps show the shop's name beside its codes.
      issuer: async () => (await settings.current()).shopName,
      signInsPerAddress: config.SIGNINS_PER_ADDRESS,
    }),
    users: createUsersService(db, {
      now,
      signupsPerHour: config.SIGNUPS_PER_HOUR,
      signInsPerAddress: config.SIGNINS_PER_ADDRESS,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Runs `work` in one database transaction with every service bound to it: everything it writes
 * commits together or not at all.
 */
export type Transaction = <T>(work: (tx: Services) => Promise<T>) => Promise<T>;

/** What every flow is built with: the long-lived services, and a way to run work in one transaction. */
export interface FlowContext {
  services: Services;
  transaction: Transaction;
}
