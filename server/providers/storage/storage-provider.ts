import type { Readable } from 'node:stream';

/** A stored file, ready to stream to a browser. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are relative paths made by the server itself
 * (`reviews/<id>-md.webp`), never a name a browser chose. `local` keeps them under DATA_DIR/uploads;
 * an S3-compatible store is a later adapter behind the same interface.
 */
export interface StorageProvider {
  readonly name: 'local' | (string & {});
  /** Stores the bytes under `key`, replacing any file there; readers never see half a file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** True when a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are lower-case words, digits and dashes in folders, with one extension: nothing to escape with. */
const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\.[a-z0-9]+$/;

/** True for a key a storage adapter accepts; anything else (`..`, absolute paths, odd characters) is refused. */
export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key);
}
