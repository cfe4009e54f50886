import { toPaise } from '../../../common/money';
import type { Config } from '../../config/config';

/** The charges of an order (DESIGN.md §5), all integer paise. */
export interface OrderTotals {
  itemsPaise: number;
  shippingPaise: number;
  taxPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/** The shop's charging rules in paise, from the configuration (docs/decisions/005). */
export interface PricingRules {
  shippingFeePaise: number;
  freeShippingFromPaise: number;
  taxPercent: number;
}

export function pricingRulesOf(
  config: Pick<Config, 'SHIPPING_FEE_RUPEES' | 'FREE_SHIPPING_FROM_RUPEES' | 'TAX_PERCENT'>,
): PricingRules {
  return {
    shippingFeePaise: toPaise(config.SHIPPING_FEE_RUPEES),
    freeShippingFromPaise: toPaise(config.FREE_SHIPPING_FROM_RUPEES),
    taxPercent: config.TAX_PERCENT,
  };
}

/**
 * Totals of lines priced by the server: shipping is free from the threshold up (items at least the
 * threshold), tax is rounded to whole paise, and total = items + shipping + tax − discount.
 */
export function orderTotals(
  lines: readonly { pricePaise: number; quantity: number }[],
  rules: PricingRules,
): OrderTotals {
  const itemsPaise = lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
  const shippingPaise = itemsPaise >= rules.freeShippingFromPaise ? 0 : rules.shippingFeePaise;
  const taxPaise = Math.round((itemsPaise * rules.taxPercent) / 100);
  const discountPaise = 0;
  return {
    itemsPaise,
    shippingPaise,
    taxPaise,
    discountPaise,
    totalPaise: itemsPaise + shippingPaise + taxPaise - discountPaise,
  };
}
