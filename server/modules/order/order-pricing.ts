import {
  type PricingRules,
  pricingRulesFromShipping,
  type ShippingRules,
} from '../../../common/order-pricing';
import type { Config } from '../../config/config';

// The pricing itself lives in common/order-pricing.ts so the checkout shows exactly what the server
// charges; this file only reads the shop's rules from the configuration.

type PricingConfig = Pick<Config, 'SHIPPING_FEE_RUPEES' | 'FREE_SHIPPING_FROM_RUPEES' | 'TAX_PERCENT'>;

/** The shop's shipping rules in rupees, as `GET /api/config` publishes them (docs/decisions/005). */
export function shippingRulesOf(config: PricingConfig): ShippingRules {
  return {
    feeRupees: config.SHIPPING_FEE_RUPEES,
    freeFromRupees: config.FREE_SHIPPING_FROM_RUPEES,
    taxPercent: config.TAX_PERCENT,
  };
}

/** The shop's charging rules in paise, from the configuration (docs/decisions/005). */
export function pricingRulesOf(config: PricingConfig): PricingRules {
  return pricingRulesFromShipping(shippingRulesOf(config));
}
