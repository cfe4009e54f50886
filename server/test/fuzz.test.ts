import { describe, expect, it } from 'vitest';
import { describeFailure, runFuzz } from './fuzz/fuzz';

/**
 * A short seeded fuzz run (server/test/fuzz/): every operation of the OpenAPI document as a guest, a
 * customer and staff, valid and hostile requests. The full run is `npm run fuzz` (bench/README.md).
 */

const SEED = 20261124;
const REQUESTS = 1000;

/** Operations behind a signed-in shopper, a delivered order, a signature or a code: reached, not refused at the door. */
const DEEP = [
  'POST /api/order',
  'POST /api/order/{id}/cancel',
  'POST /api/order/{id}/return',
  'POST /api/products/{id}/reviews',
  'POST /api/payments/verify',
  'POST /api/payments/webhook',
  'POST /api/shipping/webhook',
  'POST /api/users/reset-password',
];

describe('the API under generated hostile requests', () => {
  it(`answers ${REQUESTS} requests without a 5xx or a leak, and the shop's invariants hold`, async () => {
    const report = await runFuzz({ seed: SEED, requests: REQUESTS });
    expect(report.failures.map(describeFailure)).toEqual([]);
    expect(report.summary).toBe(`fuzz: ${REQUESTS} requests, 0 5xx, 0 leaks`);
    for (const operation of DEEP) {
      const accepted = [...(report.statuses.get(operation) ?? [])].filter(([status]) => status < 300);
      expect(accepted.length, `${operation} was never accepted`).toBeGreaterThan(0);
    }
  }, 300_000); // About 20 s on an idle 2-core machine; the margin is for a machine busy with other work.
});
