import { describe, expect, it } from 'vitest';
import { buildDemoCatalog, slugify } from './demo-catalog';
import { buildDemoOrders } from './orders';

const catalog = buildDemoCatalog();
const ids = catalog.map((_, i) => `product-${i}`);
const now = new Date('2026-11-22T10:00:00.000Z');
const plans = buildDemoOrders(catalog, ids, now);

describe('buildDemoOrders', () => {
  it('comes out the same on every run', () => {
    expect(buildDemoOrders(catalog, ids, now)).toEqual(plans);
  });

  it('runs every history forward in time, from placing to before the seed', () => {
    for (const plan of plans) {
      const times = [plan.placedAt, ...plan.steps.map((step) => step.at)].map((at) => at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('shows each line in the picture of the colour bought', () => {
    for (const line of plans.flatMap((plan) => plan.lines)) {
      const product = catalog[ids.indexOf(line.productId)];
      expect(product?.images).toContain(line.image);
      expect(line.image).toMatch(new RegExp(`-${slugify(line.color)}\\.webp$`));
    }
  });

  it('uses catalog products with their price and refundability, each at most once an order', () => {
    for (const plan of plans) {
      expect(new Set(plan.lines.map((line) => line.productId)).size).toBe(plan.lines.length);
      for (const line of plan.lines) {
        const product = catalog[ids.indexOf(line.productId)];
        expect(product?.variants).toContainEqual(
          expect.objectContaining({ color: line.color, size: line.size }),
        );
        expect(line.pricePaise).toBe(Math.round((product?.price ?? 0) * 100));
        expect(line.isRefundable).toBe(product?.isRefundable);
      }
    }
  });

  it('asks for returns only of orders with refundable lines, after their delivery', () => {
    const returned = plans.filter((plan) => plan.returnRequest);
    expect(returned.map((plan) => plan.returnRequest?.status).sort()).toEqual([
      'Rejected',
      'Returned',
      'Returned',
    ]);
    for (const plan of returned) {
      expect(plan.lines.some((line) => line.isRefundable)).toBe(true);
      const delivered = plan.steps.find((step) => step.deliveryStatus === 'Delivered');
      expect(plan.returnRequest?.at.getTime()).toBeGreaterThan(delivered?.at.getTime() ?? Infinity);
    }
  });
});
