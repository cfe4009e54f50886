import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A file name that sorts in sending order: the time, a per-process counter for messages sent in the
 * same millisecond, and random bytes so two app instances sharing DATA_DIR never collide.
 */
let counter = 0;
export function outboxFileStem(now: Date = new Date()): string {
  counter = (counter + 1) % 1_000_000;
  const stamp = now.toISOString().replaceAll(':', '-');
  return `${stamp}-${String(counter).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
}

/** Writes the files of one outbox message (the JSON record last, so a reader never sees half of it). */
export async function writeOutboxFiles(
  dir: string,
  stem: string,
  files: { extension: string; content: string | Buffer }[],
): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const file of files) {
    await writeFile(path.join(dir, `${stem}${file.extension}`), file.content, { mode: 0o600 });
  }
  return path.join(dir, stem);
}

/** The JSON records in an outbox folder, oldest first; an absent folder is an empty outbox. */
export async function readOutboxRecords(dir: string): Promise<unknown[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const records: unknown[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    records.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')));
  }
  return records;
}
