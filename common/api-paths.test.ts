import { describe, expect, expectTypeOf, it } from 'vitest';
import { API, STAFF_PREFIX } from './api-paths';

const entries = Object.entries(API).flatMap(([group, paths]) =>
  Object.entries(paths).map(([name, path]) => ({ name: `${group}.${name}`, path })),
);
const patternOf = (path: (typeof entries)[number]['path']) =>
  typeof path === 'string' ? path : path.pattern;

describe('API paths', () => {
  it('builds a concrete path from the pattern, each value URL-encoded', () => {
    expect(API.order.cancel.pattern).toBe('/api/order/:id/cancel');
    expect(API.order.cancel('ord_1')).toBe('/api/order/ord_1/cancel');
    expect(API.address.one('a/b c?d#e')).toBe('/api/users/address/a%2Fb%20c%3Fd%23e');
    expect(API.payments.simulatorPay('order_X')).toBe('/api/payments/simulator/checkout/order_X/pay');
  });

  it('asks for exactly the values the pattern names', () => {
    expectTypeOf(API.order.one).parameters.toEqualTypeOf<[string]>();
    expectTypeOf(API.admin.rejectReview.pattern).toEqualTypeOf<'/api/admin/reviews/:reviewId/reject'>();
  });

  it('fills every parameter of every builder', () => {
    for (const { name, path } of entries) {
      if (typeof path === 'string') continue;
      const names: string[] = path.pattern.match(/:\w+/g) ?? [];
      expect(names.length, name).toBeGreaterThan(0);
      const build = path as (...values: string[]) => string;
      expect(build(...names.map((param) => `<${param}>`)), name).toBe(
        path.pattern.replace(/:(\w+)/g, '%3C%3A$1%3E'),
      );
    }
  });

  it('lists each path once, under /api, staff paths only in the admin group', () => {
    const patterns = entries.map(({ path }) => patternOf(path));
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const { name, path } of entries) {
      const pattern = patternOf(path);
      expect(pattern, name).toMatch(/^\/api\/[\w\-./:]+$/);
      expect(pattern.startsWith(STAFF_PREFIX), name).toBe(name.startsWith('admin.'));
    }
  });
});
