import { randomInt } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Ids shaped like Razorpay's: a prefix and 14 base62 characters. */
export const SIMULATOR_ID = /^(order|pay|rfnd|evt)_[0-9A-Za-z]{14}$/;

export function simulatorId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += BASE62[randomInt(BASE62.length)];
  return `${prefix}_${id}`;
}

const simulatedOrderSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string(),
  orderId: z.string(),
  createdAt: z.string(),
});
export type SimulatedOrder = z.infer<typeof simulatedOrderSchema>;

const simulatedRefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: z.number().int(),
  receipt: z.string(),
  createdAt: z.string(),
});
export type SimulatedRefund = z.infer<typeof simulatedRefundSchema>;

/**
 * The simulator's records, as JSON files (like the mail outbox), so they survive a restart and a
 * developer can read them: `orders/<id>.json`, `orders/<id>.captured.json` once paid, `payments/<id>.json`
 * for every attempt and `refunds/<payment id>.json`. The marker files are created exclusively ('wx'),
 * so a second capture of one order, or a second refund of one payment, fails even when sent at once.
 */
export function createSimulatorStore(dir: string) {
  const file = (folder: string, name: string) => path.join(dir, folder, `${name}.json`);

  /**
   * Creates `<folder>/<id><suffix>.json` exclusively; false when it exists. Only well-formed ids reach
   * the file system, so a crafted id can never leave `dir`.
   */
  async function create(folder: string, id: string, record: unknown, suffix = ''): Promise<boolean> {
    if (!SIMULATOR_ID.test(id)) throw new Error(`payment simulator: malformed id ${JSON.stringify(id)}`);
    await mkdir(path.join(dir, folder), { recursive: true, mode: 0o700 });
    try {
      await writeFile(file(folder, `${id}${suffix}`), `${JSON.stringify(record, null, 2)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  /** Reads `<folder>/<id><suffix>.json`; undefined when it does not exist or the id is malformed. */
  async function read<T>(
    folder: string,
    id: string,
    schema: z.ZodType<T>,
    suffix = '',
  ): Promise<T | undefined> {
    if (!SIMULATOR_ID.test(id)) return undefined;
    try {
      return schema.parse(JSON.parse(await readFile(file(folder, `${id}${suffix}`), 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  return {
    async saveOrder(order: SimulatedOrder): Promise<void> {
      await create('orders', order.id, order);
    },
    order: (id: string) => read('orders', id, simulatedOrderSchema),
    /** The payment that paid the order, if one did. */
    capturedPayment: async (id: string) =>
      (await read('orders', id, z.object({ paymentId: z.string() }), '.captured'))?.paymentId,
    /** Records the capture; false when the order was paid already (exactly one capture wins). */
    capture: (id: string, paymentId: string, at: Date) =>
      create('orders', id, { paymentId, createdAt: at.toISOString() }, '.captured'),
    async savePayment(payment: {
      id: string;
      orderId: string;
      amount: number;
      status: 'captured' | 'failed';
      createdAt: string;
    }): Promise<void> {
      await create('payments', payment.id, payment);
    },
    /** Records a full refund; false when the payment was refunded already. */
    saveRefund: (refund: SimulatedRefund) => create('refunds', refund.paymentId, refund),
    refundOf: (paymentId: string) => read('refunds', paymentId, simulatedRefundSchema),
    /** What a payment captured through the checkout page came to, in paise; undefined for others. */
    async paidAmount(paymentId: string): Promise<number | undefined> {
      const payment = await read(
        'payments',
        paymentId,
        z.object({ amount: z.number().int(), status: z.string() }),
      );
      return payment?.status === 'captured' ? payment.amount : undefined;
    },
    /**
     * Records a refund of a payment whose amount is known, in parts as Razorpay allows: the first as
     * `refunds/<payment id>.json`, later ones beside it as `<payment id>.<refund id>.json`; false when
     * they would pass `paid` in all.
     */
    async saveRefundWithin(refund: SimulatedRefund, paid: number): Promise<boolean> {
      const names = await readdir(path.join(dir, 'refunds')).catch(() => [] as string[]);
      const earlier = names.filter((name) => name.startsWith(refund.paymentId));
      let refunded = 0;
      for (const name of earlier) {
        const suffix = name.slice(refund.paymentId.length, -'.json'.length);
        refunded += (await read('refunds', refund.paymentId, simulatedRefundSchema, suffix))?.amount ?? 0;
      }
      if (refunded + refund.amount > paid) return false;
      return create('refunds', refund.paymentId, refund, earlier.length === 0 ? '' : `.${refund.id}`);
    },
  };
}
export type SimulatorStore = ReturnType<typeof createSimulatorStore>;
