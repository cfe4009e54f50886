/**
 * The checkout load, run in a worker thread (bench/checkout.ts starts it) so that sending 200 requests
 * at once does not share the event loop with the app and PGlite it measures, as autocannon does for
 * the GET scenarios. Every buyer sends its orders one after the other; all buyers start together.
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadBuyer {
  cookie: string;
  csrfToken: string;
  addressId: string;
}

export interface CheckoutLoad {
  url: string;
  buyers: LoadBuyer[];
  rounds: number;
  cartItem: {
    productId: string;
    quantity: number;
    price: number;
    selectedColor: string;
    selectedSize: string;
  };
}

export interface CheckoutLoadResult {
  /** Milliseconds from sending each request to reading its whole answer. */
  latencies: number[];
  /** How many answers of each kind: "201", "400 OUT_OF_STOCK", "500", "error ECONNRESET". */
  answers: Record<string, number>;
  /** From the first request sent to the last answer read. */
  ms: number;
}

async function checkout(load: CheckoutLoad, buyer: LoadBuyer): Promise<string> {
  try {
    const response = await fetch(load.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: buyer.cookie,
        'x-csrf-token': buyer.csrfToken,
        // As the web app's checkout does: a fresh key per order, so a retried request makes no second one.
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        addressId: buyer.addressId,
        cartItems: [load.cartItem],
        orderNotes: '',
        paymentMode: 'COD',
      }),
    });
    const body = (await response.json().catch(() => ({}))) as { code?: unknown };
    return response.status === 201 ? '201' : `${response.status} ${String(body.code ?? '')}`.trim();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return `error ${cause ?? (error instanceof Error ? error.message : String(error))}`;
  }
}

async function run(load: CheckoutLoad): Promise<CheckoutLoadResult> {
  const latencies: number[] = [];
  const answers: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    load.buyers.map(async (buyer) => {
      for (let round = 0; round < load.rounds; round += 1) {
        const sent = performance.now();
        const answer = await checkout(load, buyer);
        latencies.push(performance.now() - sent);
        answers[answer] = (answers[answer] ?? 0) + 1;
      }
    }),
  );
  return { latencies, answers, ms: performance.now() - started };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as CheckoutLoad).then((result) => port.postMessage(result));
}
