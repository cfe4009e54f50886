import { LRUCache } from 'lru-cache';

/** Keys longer than this are not cached: such long queries are rare and would only crowd out common ones. */
export const MAX_CACHE_KEY_LENGTH = 256;

export interface ReadCacheOptions {
  /** How long an answer is reused; 0 turns caching off. */
  ttlSeconds: number;
  /** At most this many answers are kept; the least recently used go first. */
  maxEntries: number;
  /** A millisecond clock; tests move it instead of sleeping. */
  now?: () => number;
}

/**
 * Answers `key` from memory while it is fresh, otherwise from `load` (whose answer is then kept);
 * `clear` forgets every answer.
 */
export type ReadCache<V> = ((key: string, load: () => Promise<V>) => Promise<V>) & { clear(): void };

/**
 * A small in-process cache of read answers. It keeps the promise, not the value, so requests that
 * arrive while the first one is still reading share that read instead of each querying the database
 * (when an entry expires under load, one query refreshes it, not one per connection).
 */
export function createReadCache<V extends object>(options: ReadCacheOptions): ReadCache<V> {
  if (options.ttlSeconds <= 0)
    return Object.assign((_key: string, load: () => Promise<V>) => load(), { clear() {} });
  const { now } = options;
  const cache = new LRUCache<string, Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlSeconds * 1000,
    // With an injected clock every lookup must read it, not a value remembered for a millisecond.
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  const read = (key: string, load: () => Promise<V>) => {
    if (key.length > MAX_CACHE_KEY_LENGTH) return load();
    const cached = cache.get(key);
    if (cached) return cached;
    const loading = load();
    cache.set(key, loading);
    // A failed read is not remembered: the next request tries the database again.
    loading.catch(() => {
      if (cache.peek(key) === loading) cache.delete(key);
    });
    return loading;
  };
  return Object.assign(read, { clear: () => cache.clear() });
}
