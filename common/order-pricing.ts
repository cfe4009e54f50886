import { toPaise, toRupees } from './money';

/**
 * The one pricing of an order (DESIGN.md §5, docs/decisions/005), shared by the server, which charges
 * it, and the checkout, which shows it: "the checkout shows exactly what the server will charge".
 */

/** The shop's shipping and tax rules as `GET /api/config` publishes them (rupees). */
export interface ShippingRules {
  feeRupees: number;
  freeFromRupees: number;
  taxPercent: number;
}

/** The same rules in integer paise, as the server computes with them. */
export interface PricingRules {
  shippingFeePaise: number;
  freeShippingFromPaise: number;
  taxPercent: number;
}

/** The charges of an order, all integer paise. */
export interface OrderTotals {
  itemsPaise: number;
  shippingPaise: number;
  taxPaise: number;
  discountPaise: number;
  totalPaise: number;
}

export function pricingRulesFromShipping(rules: ShippingRules): PricingRules {
  return {
    shippingFeePaise: toPaise(rules.feeRupees),
    freeShippingFromPaise: toPaise(rules.freeFromRupees),
    taxPercent: rules.taxPercent,
  };
}

/**
 * Totals of priced lines: shipping is free from the threshold up (items at least the threshold), tax
 * is rounded to whole paise, and total = items + shipping + tax − discount.
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

/** An order summary in rupees, named as an order answers them (itemsPrice … totalPrice). */
export interface OrderSummary {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  discount: number;
  totalPrice: number;
}

/** The summary of cart lines priced in rupees, through the very same `orderTotals` the server charges. */
export function orderSummary(
  lines: readonly { price: number; quantity: number }[],
  rules: ShippingRules,
): OrderSummary {
  const totals = orderTotals(
    lines.map((line) => ({ pricePaise: toPaise(line.price), quantity: line.quantity })),
    pricingRulesFromShipping(rules),
  );
  return {
    itemsPrice: toRupees(totals.itemsPaise),
    shippingPrice: toRupees(totals.shippingPaise),
    taxPrice: toRupees(totals.taxPaise),
    discount: toRupees(totals.discountPaise),
    totalPrice: toRupees(totals.totalPaise),
  };
}
