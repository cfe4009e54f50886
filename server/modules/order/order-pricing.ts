import { type PricingRules, pricingRulesFromShipping } from '../../../common/order-pricing';
import type { Config } from '../../config/config';

// The pricing itself lives in common/order-pricing.ts so the checkout shows exactly what the server
// charges. The shop's rules are settings the owner changes (server/modules/settings, which checkout
// reads); this file reads their first values from the environment, for the demo seed.

type PricingConfig = Pick<Config, 'SHIPPING_FEE_RUPEES' | 'FREE_SHIPPING_FROM_RUPEES' | 'TAX_PERCENT'>;

/**
 * The charging rules in paise as the environment sets them (docs/decisions/005): what the shop
 * charges until the owner changes a setting, so what the seed prices the demo orders with, since it
 * only fills an empty database.
 */
export function pricingRulesOf(config: PricingConfig): PricingRules {
  return pricingRulesFromShipping({
    feeRupees: config.SHIPPING_FEE_RUPEES,
    freeFromRupees: config.FREE_SHIPPING_FROM_RUPEES,
    taxPercent: config.TAX_PERCENT,
  });
}
