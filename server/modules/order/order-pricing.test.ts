import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '../../../common/order-pricing';
import { pricingRulesOf } from './order-pricing';

const defaults = pricingRulesOf({ SHIPPING_FEE_RUPEES: 49, FREE_SHIPPING_FROM_RUPEES: 999, TAX_PERCENT: 0 });

describe('orderTotals', () => {
  it('charges the shipping fee just below the threshold and none from the threshold up', () => {
    expect(orderTotals([{ pricePaise: 99_899, quantity: 1 }], defaults)).toEqual({
      itemsPaise: 99_899,
      shippingPaise: 4_900,
      taxPaise: 0,
      discountPaise: 0,
      totalPaise: 104_799,
    });
    expect(orderTotals([{ pricePaise: 99_900, quantity: 1 }], defaults).shippingPaise).toBe(0);
    expect(orderTotals([{ pricePaise: 50_000, quantity: 2 }], defaults).totalPaise).toBe(100_000);
  });

  it('adds a configured tax rounded to whole paise', () => {
    const rules = pricingRulesOf({ SHIPPING_FEE_RUPEES: 0, FREE_SHIPPING_FROM_RUPEES: 0, TAX_PERCENT: 5 });
    expect(orderTotals([{ pricePaise: 12_345, quantity: 1 }], rules).taxPaise).toBe(617);
  });

  it('always adds up in whole paise', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            pricePaise: fc.integer({ min: 1, max: 10_000_000 }),
            quantity: fc.integer({ min: 1, max: 1000 }),
          }),
          {
            minLength: 1,
            maxLength: 50,
          },
        ),
        (lines) => {
          const t = orderTotals(lines, defaults);
          expect(Number.isInteger(t.totalPaise)).toBe(true);
          expect(t.totalPaise).toBe(t.itemsPaise + t.shippingPaise + t.taxPaise - t.discountPaise);
          expect(t.shippingPaise).toBe(t.itemsPaise >= 99_900 ? 0 : 4_900);
        },
      ),
    );
  });
});
