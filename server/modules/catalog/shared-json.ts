import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The size below which app.ts's @fastify/compress leaves bodies as they are; the same here. */
const MIN_COMPRESSED_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: brotli, then gzip, as @fastify/compress
 * prefers them; undefined for identity. A q of 0 refuses an encoding; `*` admits both.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of [acceptEncoding].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/**
 * A JSON answer that many requests share (a cached catalog answer): serialised once, and compressed
 * once per encoding on first use, instead of once per request. Brotli at quality 4, as
 * @fastify/compress uses it.
 */
export class SharedJson {
  readonly #encoded = new Map<Encoding, Buffer>();

  constructor(readonly json: string) {}

  /** The body for `encoding`; a small body is never compressed (then `encoding` is undefined). */
  body(encoding: Encoding | undefined): { payload: string | Buffer; encoding: Encoding | undefined } {
    if (encoding === undefined || Buffer.byteLength(this.json) < MIN_COMPRESSED_BYTES) {
      return { payload: this.json, encoding: undefined };
    }
    let payload = this.#encoded.get(encoding);
    if (!payload) {
      payload =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 4,
              },
            })
          : gzipSync(this.json);
      this.#encoded.set(encoding, payload);
    }
    return { payload, encoding };
  }
}

const shared = new WeakMap<object, SharedJson>();

/**
 * The SharedJson of an answer object, made on first use. Keyed by the object itself, so it lives
 * exactly as long as the cache keeps that answer; `json` is used when the answer is serialised already.
 */
export function sharedJsonOf(answer: object, json?: string): SharedJson {
  let body = shared.get(answer);
  if (!body) {
    body = new SharedJson(json ?? JSON.stringify(answer));
    shared.set(answer, body);
  }
  return body;
}
