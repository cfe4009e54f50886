import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorageProvider } from './local';
import { isStorageKey } from './storage-provider';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const storage = createLocalStorageProvider({ dir });

describe('the local storage provider', () => {
  it('stores, reads, reports and deletes a file under its key', async () => {
    await storage.put('reviews/abc-123-lg.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(await storage.exists('reviews/abc-123-lg.webp')).toBe(true);
    const stored = await storage.get('reviews/abc-123-lg.webp');
    if (!stored) throw new Error('the stored file was not found');
    expect(stored).toMatchObject({ size: 12, contentType: 'image/webp' });
    expect(await text(stored.body)).toBe('RIFF....WEBP');
    // Written through a temporary file, of which nothing is left.
    expect(readdirSync(path.join(dir, 'reviews'))).toEqual(['abc-123-lg.webp']);

    await storage.delete('reviews/abc-123-lg.webp');
    await storage.delete('reviews/abc-123-lg.webp');
    expect(await storage.exists('reviews/abc-123-lg.webp')).toBe(false);
    expect(await storage.get('reviews/abc-123-lg.webp')).toBeNull();
  });

  it('refuses keys that could leave its folder or that it did not make', async () => {
    for (const key of [
      '../secret.webp',
      '/etc/passwd',
      'reviews/../../x.webp',
      'Reviews/A.webp',
      'a.webp/',
      'x',
    ]) {
      expect(isStorageKey(key), key).toBe(false);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a storage key/);
    }
    expect(existsSync(path.join(dir, '..', 'secret.webp'))).toBe(false);
  });

  it('serves only the types it writes', async () => {
    await storage.put('notes/readme.txt', Buffer.from('hello'), 'text/plain');
    expect(await storage.get('notes/readme.txt')).toBeNull();
  });
});
