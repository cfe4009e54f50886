import { randomBytes } from 'node:crypto';
import { access, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type StorageProvider } from './storage-provider';

/** Content types by extension: the only files this store holds are the ones the server wrote. */
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
};

/** The uploads folder under DATA_DIR. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Files under one folder (DATA_DIR/uploads). Several app instances can share it over a network
 * filesystem; for instances on separate machines use an object store adapter instead.
 */
export function createLocalStorageProvider({ dir }: { dir: string }): StorageProvider {
  const fileOf = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(dir, ...key.split('/'));
  };

  return {
    name: 'local',

    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isStorageKey(key)) return null;
      const file = fileOf(key);
      const contentType = CONTENT_TYPES[path.extname(file)];
      if (!contentType) return null;
      try {
        // Opened before measuring, so a file deleted meanwhile is either served whole or not found.
        const handle = await open(file, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async exists(key) {
      if (!isStorageKey(key)) return false;
      return access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
