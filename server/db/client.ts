import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The typed query builder, the same type on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves once every connection has closed. */
  close(): Promise<void>;
}

/** Where the pool reports errors of idle connections; pino (the Fastify logger) fits. */
export interface DatabaseLogger {
  error(details: object, message: string): void;
}

const consoleLogger: DatabaseLogger = {
  error: (details, message) => console.error(message, details),
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A node-postgres pool that survives its server going away. An idle connection that fails (the
 * server restarts, or the database is dropped WITH (FORCE)) is re-emitted by the pool as 'error',
 * and an 'error' nobody listens to ends the process. The pool has already discarded that connection
 * and opens a new one for the next query, so logging it is enough.
 */
function openPool(url: string, logger: DatabaseLogger) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => {
    logger.error(
      { err: error },
      'PostgreSQL: an idle connection failed and was discarded; the next query opens a new one',
    );
  });
  // pool.end() resolves as soon as it has asked each connection to close; 'remove' fires when one has.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => open.delete(client));
  const closed = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (open.size > 0) return;
        pool.off('remove', check);
        resolve();
      };
      pool.on('remove', check);
      check();
    });
  return {
    pool,
    close: async () => {
      await pool.end();
      await closed();
    },
  };
}

/**
 * Opens the database: a PostgreSQL server when `url` is given, otherwise PGlite with its files in
 * `dataDir` (or in memory when `dataDir` is null, as the tests do).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
  logger?: DatabaseLogger;
}): Promise<Database> {
  if (options.url) {
    const { pool, close } = openPool(options.url, options.logger ?? consoleLogger);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder }),
      close,
    };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, 'db') : undefined,
    extensions: { pg_trgm },
  });
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
