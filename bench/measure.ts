import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers outside 2xx plus connection errors and timeouts; anything but 0 makes the row suspect. */
  failures: number;
  requests: number;
}

export interface LoadOptions {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  acceptEncoding: string;
}

/**
 * Loads one URL with autocannon. The load runs in a worker thread so that generating requests does
 * not compete with the server for the main event loop (the app and PGlite live on it).
 */
export async function measure(url: string, options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
    headers: options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {},
    ...(options.warmupSeconds > 0
      ? { warmup: { connections: options.connections, duration: options.warmupSeconds } }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}
