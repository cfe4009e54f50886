import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, SharedJson, sharedJsonOf } from './shared-json';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('SharedJson', () => {
  const big = { items: Array.from({ length: 100 }, (_, i) => ({ name: `Cotton Kurta ${i}` })) };

  it('compresses once per encoding and round-trips', () => {
    const body = new SharedJson(JSON.stringify(big));
    const br = body.body('br');
    expect(br.encoding).toBe('br');
    expect(body.body('br').payload).toBe(br.payload);
    expect(JSON.parse(brotliDecompressSync(br.payload as Buffer).toString())).toEqual(big);
    const gz = body.body('gzip');
    expect(JSON.parse(gunzipSync(gz.payload as Buffer).toString())).toEqual(big);
    expect(body.body(undefined)).toEqual({ payload: JSON.stringify(big), encoding: undefined });
  });

  it('leaves small bodies uncompressed', () => {
    expect(new SharedJson('[]').body('br')).toEqual({ payload: '[]', encoding: undefined });
  });

  it('serialises an answer object once', () => {
    expect(sharedJsonOf(big)).toBe(sharedJsonOf(big));
    expect(sharedJsonOf({ a: 1 }, '{"a":1}').json).toBe('{"a":1}');
  });
});
