import { SECOND } from '../../../common/constants';
import { toPaise, toRupees } from '../../../common/money';
import type { PricingRules, ShippingRules } from '../../../common/order-pricing';
import type { ShopSettingsView, UpdateSettingsBody } from '../../../common/schemas/admin-staff';
import { type Config, type GrievanceOfficer, grievanceOfficerOf } from '../../config/config';
import type { Db } from '../../db/client';
import { createSettingsRepository, type SettingsColumns, type SettingsRow } from './settings.repository';

/** The shop's settings as the server works with them: money in integer paise. */
export interface ShopSettings {
  shopName: string;
  supportEmail: string;
  supportPhone: string;
  whatsappNumber: string;
  shippingFeePaise: number;
  freeShippingFromPaise: number;
  /** Not a back-office setting: tax follows the law and TAX_PERCENT (docs/decisions/005). */
  taxPercent: number;
  requireTwoFactor: boolean;
  grievanceOfficer: GrievanceOfficer;
}

/**
 * How long one instance reuses the settings it read. A change made on this instance is seen at once
 * (the cache is dropped on write); other instances see it within this time.
 */
export const SETTINGS_CACHE_MS = 10 * SECOND;

export type SettingsConfig = Pick<
  Config,
  | 'SHOP_NAME'
  | 'SUPPORT_EMAIL'
  | 'SUPPORT_PHONE'
  | 'WHATSAPP_NUMBER'
  | 'SHIPPING_FEE_RUPEES'
  | 'FREE_SHIPPING_FROM_RUPEES'
  | 'TAX_PERCENT'
  | 'NODE_ENV'
  | 'GRIEVANCE_OFFICER_NAME'
  | 'GRIEVANCE_OFFICER_DESIGNATION'
  | 'GRIEVANCE_OFFICER_EMAIL'
  | 'GRIEVANCE_OFFICER_PHONE'
>;

/** The settings before the owner changed any: the environment's values (docs/decisions/071). */
export function settingsDefaultsOf(config: SettingsConfig): ShopSettings {
  return {
    shopName: config.SHOP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    whatsappNumber: config.WHATSAPP_NUMBER,
    shippingFeePaise: toPaise(config.SHIPPING_FEE_RUPEES),
    freeShippingFromPaise: toPaise(config.FREE_SHIPPING_FROM_RUPEES),
    taxPercent: config.TAX_PERCENT,
    requireTwoFactor: false,
    grievanceOfficer: grievanceOfficerOf(config),
  };
}

/** A stored value where the owner set one, the environment's otherwise. */
function merged(defaults: ShopSettings, row: SettingsRow | null): ShopSettings {
  return {
    shopName: row?.shopName ?? defaults.shopName,
    supportEmail: row?.supportEmail ?? defaults.supportEmail,
    supportPhone: row?.supportPhone ?? defaults.supportPhone,
    whatsappNumber: row?.whatsappNumber ?? defaults.whatsappNumber,
    shippingFeePaise: row?.shippingFeePaise ?? defaults.shippingFeePaise,
    freeShippingFromPaise: row?.freeShippingFromPaise ?? defaults.freeShippingFromPaise,
    taxPercent: defaults.taxPercent,
    requireTwoFactor: row?.requireTwoFactor ?? defaults.requireTwoFactor,
    grievanceOfficer: {
      name: row?.grievanceOfficerName ?? defaults.grievanceOfficer.name,
      designation: row?.grievanceOfficerDesignation ?? defaults.grievanceOfficer.designation,
      email: row?.grievanceOfficerEmail ?? defaults.grievanceOfficer.email,
      phone: row?.grievanceOfficerPhone ?? defaults.grievanceOfficer.phone,
    },
  };
}

/** The settings as the back office shows them, in rupees. */
export function settingsViewOf(settings: ShopSettings): ShopSettingsView {
  return {
    shopName: settings.shopName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    whatsappNumber: settings.whatsappNumber,
    shippingFee: toRupees(settings.shippingFeePaise),
    freeShippingFrom: toRupees(settings.freeShippingFromPaise),
    require2fa: settings.requireTwoFactor,
    grievanceOfficerName: settings.grievanceOfficer.name,
    grievanceOfficerDesignation: settings.grievanceOfficer.designation,
    grievanceOfficerEmail: settings.grievanceOfficer.email,
    grievanceOfficerPhone: settings.grievanceOfficer.phone,
  };
}

/** A change as the columns it sets; what the body leaves out stays as it is. */
function columnsOf(changes: UpdateSettingsBody): SettingsColumns {
  const columns: SettingsColumns = {};
  if (changes.shopName !== undefined) columns.shopName = changes.shopName;
  if (changes.supportEmail !== undefined) columns.supportEmail = changes.supportEmail;
  if (changes.supportPhone !== undefined) columns.supportPhone = changes.supportPhone;
  if (changes.whatsappNumber !== undefined) columns.whatsappNumber = changes.whatsappNumber;
  if (changes.shippingFee !== undefined) columns.shippingFeePaise = toPaise(changes.shippingFee);
  if (changes.freeShippingFrom !== undefined)
    columns.freeShippingFromPaise = toPaise(changes.freeShippingFrom);
  if (changes.require2fa !== undefined) columns.requireTwoFactor = changes.require2fa;
  if (changes.grievanceOfficerName !== undefined) columns.grievanceOfficerName = changes.grievanceOfficerName;
  if (changes.grievanceOfficerDesignation !== undefined)
    columns.grievanceOfficerDesignation = changes.grievanceOfficerDesignation;
  if (changes.grievanceOfficerEmail !== undefined)
    columns.grievanceOfficerEmail = changes.grievanceOfficerEmail;
  if (changes.grievanceOfficerPhone !== undefined)
    columns.grievanceOfficerPhone = changes.grievanceOfficerPhone;
  return columns;
}

export interface SettingsServiceOptions {
  defaults: ShopSettings;
  /** How long reads are reused (SETTINGS_CACHE_MS); 0 for the services of a transaction, which read fresh. */
  cacheMs: number;
  now: () => Date;
}

/**
 * The shop's settings: the stored ones over the environment's. Everything that shows or charges them
 * (the public config, order pricing, the staff guard) reads them here, so a change applies without a
 * restart. Reads are cached in memory for a few seconds; `invalidate` drops the cache after a change
 * has committed.
 */
export function createSettingsService(db: Db, { defaults, cacheMs, now }: SettingsServiceOptions) {
  const repository = createSettingsRepository(db);
  let cached: { settings: ShopSettings; until: number } | null = null;
  // A read that began before a change committed must not put the old settings back in the cache.
  let generation = 0;

  const service = {
    async current(): Promise<ShopSettings> {
      const at = now().getTime();
      if (cached && cached.until > at) return cached.settings;
      const started = generation;
      const settings = merged(defaults, await repository.read());
      if (cacheMs > 0 && started === generation) cached = { settings, until: at + cacheMs };
      return settings;
    },

    async view(): Promise<ShopSettingsView> {
      return settingsViewOf(await service.current());
    },

    /** What an order is charged (common/order-pricing.ts), in paise. */
    async pricingRules(): Promise<PricingRules> {
      const settings = await service.current();
      return {
        shippingFeePaise: settings.shippingFeePaise,
        freeShippingFromPaise: settings.freeShippingFromPaise,
        taxPercent: settings.taxPercent,
      };
    },

    /** The same rules in rupees, as `GET /api/config` publishes them for the checkout. */
    async shippingRules(): Promise<ShippingRules> {
      const rules = await service.pricingRules();
      return {
        feeRupees: toRupees(rules.shippingFeePaise),
        freeFromRupees: toRupees(rules.freeShippingFromPaise),
        taxPercent: rules.taxPercent,
      };
    },

    /**
     * Applies a change with the row locked, in the caller's transaction, and answers the settings
     * before and after it (for the audit log). Call `invalidate` on the long-lived service once the
     * transaction has committed.
     */
    async update(
      changes: UpdateSettingsBody,
    ): Promise<{ before: ShopSettingsView; after: ShopSettingsView }> {
      const at = now();
      const before = settingsViewOf(merged(defaults, await repository.lock(at)));
      const after = settingsViewOf(merged(defaults, await repository.write(columnsOf(changes), at)));
      return { before, after };
    },

    invalidate(): void {
      generation += 1;
      cached = null;
    },
  };
  return service;
}
export type SettingsService = ReturnType<typeof createSettingsService>;
