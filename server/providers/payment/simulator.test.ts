import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { createSimulatorPaymentProvider } from './simulator';
import { createSimulatorStore, simulatorId } from './simulator-store';

describe('the payment simulator’s refunds', () => {
  it('refunds a captured payment in parts up to what was paid, and no further', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-simulator-'));
    const simulator = createSimulatorPaymentProvider({
      dir,
      keySecret: 'k',
      webhookSecret: 'w',
      shopName: 'Pehnava',
      log: silentLogger,
    });
    const paymentId = simulatorId('pay');
    await createSimulatorStore(dir).savePayment({
      id: paymentId,
      orderId: simulatorId('order'),
      amount: 1000,
      status: 'captured',
      createdAt: new Date().toISOString(),
    });
    await simulator.refund({ paymentId, amountPaise: 400, receipt: 'r1' });
    await simulator.refund({ paymentId, amountPaise: 600, receipt: 'r2' });
    await expect(simulator.refund({ paymentId, amountPaise: 1, receipt: 'r3' })).rejects.toThrow(
      'fully refunded already',
    );
    expect((await createSimulatorStore(dir).refundOf(paymentId))?.amount).toBe(400);
  });
});
