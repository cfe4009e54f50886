import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config/config';
import { type Database, type Db, openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';

/** A server listening on an ephemeral port, and how to stop it and clean up after it. */
export interface Target {
  baseUrl: string;
  close(): Promise<void>;
}

export const BASELINE_PATH = '/baseline';

/**
 * The yardstick: a bare Fastify app with one JSON route, no plugins, no database. Dividing a
 * scenario's req/s by this one's, measured in the same run, cancels out how fast the machine is.
 */
export async function startBaseline(): Promise<Target> {
  const app = Fastify({ logger: false });
  app.get(BASELINE_PATH, async () => ({ status: 'ok', shop: 'Pehnava' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { baseUrl: urlOf(app.server.address()), close: () => app.close() };
}

function urlOf(address: ReturnType<import('node:net').Server['address']>): string {
  if (!address || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** True when a PostgreSQL server answers at `url` within a couple of seconds. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const OBJECT_IN_USE = '55006';

/**
 * pg's Pool.end() resolves before its connections have closed, and WITH (FORCE) would kill them while
 * they close; the pool re-emits that as an 'error' no one listens to, which crashes the process. So
 * plain DROP is retried until the app's connections are gone, and FORCE is only the last resort.
 */
async function dropWhenUnused(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

// Scratch databases not dropped yet, so an interrupted run can still drop them.
const undropped = new Map<string, () => Promise<void>>();

/** A new, empty database on the server at `serverUrl`, dropped again by `drop`. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pehnava_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const drop = async () => {
    undropped.delete(name);
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await dropWhenUnused(client, name);
    } finally {
      await client.end();
    }
  };
  undropped.set(name, drop);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/** Drops every scratch database this process created and has not dropped yet. */
export async function dropScratchDatabases(): Promise<void> {
  await Promise.allSettled([...undropped.values()].map((drop) => drop()));
}

/** Where a run keeps its files; shared by the databases so the demo images are drawn only once. */
export function createRunDataDir(): { dataDir: string; remove: () => void } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-bench-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export interface ShopTarget extends Target {
  /** What the seed did and how long building the app took, for the progress log. */
  startup: string;
  /** The shop's database, for scenarios that prepare data (a product with known stock) and check it after. */
  db: Db;
}

/**
 * The real shop as `npm start` builds it (migrations, demo seed, every plugin), on PGlite files in
 * `dataDir` or on a scratch database of a PostgreSQL server. The demo image URLs are deterministic, so
 * a second database in the same `dataDir` finds its images already drawn.
 */
export async function startShop(
  kind: 'pglite' | 'postgres',
  options: { dataDir: string; postgresUrl: string },
): Promise<ShopTarget> {
  const started = performance.now();
  const scratch = kind === 'postgres' ? await createScratchDatabase(options.postgresUrl) : null;
  let database: Database | null = null;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: options.dataDir,
      SEED: 'demo',
      // Nothing is written per request (the real default, info, logs each one).
      LOG_LEVEL: 'error',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // The checkout scenario signs up its buyers from one address, far past the default 10 an hour.
      SIGNUPS_PER_HOUR: '100000',
    });
    database = await openDatabase(scratch ? { url: scratch.url } : { dataDir: config.dataDir });
    await database.migrate();
    mkdirSync(path.join(config.dataDir, 'images'), { recursive: true });
    const app = await buildApp({ config, db: database.db, webRoot: path.join(options.dataDir, 'no-web') });
    const seed = await seedIfEmpty({ db: database.db, config, log: app.log });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const opened = database;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    return {
      baseUrl: urlOf(app.server.address()),
      db: opened.db,
      startup:
        `ready in ${seconds(performance.now() - started)}: ${seed.inserted} products inserted in ` +
        `${seconds(seed.insertMs)}, ${seed.imagesGenerated} images drawn in ${seconds(seed.imagesMs)}`,
      close: async () => {
        await app.close();
        await opened.close();
        await scratch?.drop();
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    await scratch?.drop().catch(() => {});
    throw error;
  }
}
