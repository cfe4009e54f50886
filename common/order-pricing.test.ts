import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderSummary, orderTotals, pricingRulesFromShipping } from './order-pricing';

const shop = { feeRupees: 49, freeFromRupees: 999, taxPercent: 0 };

describe('orderSummary (what the checkout shows)', () => {
  it('charges the fee just below the threshold and ships free from the threshold up', () => {
    expect(orderSummary([{ price: 998.99, quantity: 1 }], shop)).toEqual({
      itemsPrice: 998.99,
      shippingPrice: 49,
      taxPrice: 0,
      discount: 0,
      totalPrice: 1047.99,
    });
    expect(orderSummary([{ price: 999, quantity: 1 }], shop)).toEqual({
      itemsPrice: 999,
      shippingPrice: 0,
      taxPrice: 0,
      discount: 0,
      totalPrice: 999,
    });
    expect(orderSummary([{ price: 499.5, quantity: 2 }], shop).totalPrice).toBe(999);
  });

  it('adds a configured tax rounded to whole paise', () => {
    const taxed = { feeRupees: 0, freeFromRupees: 0, taxPercent: 5 };
    expect(orderSummary([{ price: 123.45, quantity: 1 }], taxed)).toMatchObject({
      taxPrice: 6.17,
      totalPrice: 129.62,
    });
  });

  it('gives an empty cart the shipping fee only when there is one', () => {
    expect(orderSummary([], shop).totalPrice).toBe(49);
    expect(orderSummary([], { ...shop, freeFromRupees: 0 }).totalPrice).toBe(0);
  });

  it('always equals the server’s paise totals, in rupees', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            paise: fc.integer({ min: 1, max: 10_000_000 }),
            quantity: fc.integer({ min: 1, max: 1000 }),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        fc.integer({ min: 0, max: 100 }),
        (lines, taxPercent) => {
          const rules = { ...shop, taxPercent };
          const summary = orderSummary(
            lines.map((l) => ({ price: l.paise / 100, quantity: l.quantity })),
            rules,
          );
          const server = orderTotals(
            lines.map((l) => ({ pricePaise: l.paise, quantity: l.quantity })),
            pricingRulesFromShipping(rules),
          );
          expect(Math.round(summary.totalPrice * 100)).toBe(server.totalPaise);
          expect(Math.round(summary.shippingPrice * 100)).toBe(server.shippingPaise);
          expect(Math.round(summary.itemsPrice * 100)).toBe(server.itemsPaise);
        },
      ),
    );
  });
});
