import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { API } from '../../common/api-paths';
import { type AppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import { type Container, createContainer } from '../container';
import { type Database, openDatabase } from '../db/client';
import { type DemoDrawings, demoDrawings } from '../db/seed';
import type { Job } from '../jobs/scheduler';
import { createProviders, type Providers } from '../providers';
import { silentLogger } from '../providers/logger';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's services, flows and jobs, as the app uses them. */
  container: Container;
  /** The demo's picture drawers the app draws missing pictures with. */
  drawings: DemoDrawings;
  /**
   * The same graph again over the same database, with another clock or other fakes: for driving
   * scheduled jobs and flows at a chosen time without touching the app's own.
   */
  containerWith(overrides: {
    now?: () => Date;
    providers?: Partial<Providers>;
    log?: FastifyBaseLogger;
  }): Container;
  close(): Promise<void>;
}

/** The container's jobs with these names, in that order (a test runs only the jobs it is about). */
export function jobsNamed(container: Container, ...names: string[]): Job[] {
  return names.map((name) => {
    const job = container.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  });
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    return { database, drop: async () => {} };
  }
  const name = `pehnava_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Builds the real app on a fresh, migrated database; `webRoot` points at a built web app to serve. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    /** Fakes for some outside services; the rest come from the configuration (simulators in tests). */
    providers?: Partial<Providers>;
    /** A clock for time-limited codes, so tests move time instead of sleeping. */
    now?: () => Date;
    /** The app's logger (the log test writes to memory); none by default. */
    logger?: AppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    // Tests read what they just wrote; the cache has its own test (catalog-cache.test.ts).
    CATALOG_CACHE_SECONDS: '0',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  await database.migrate();
  const providers = { ...createProviders(config, { log: silentLogger }), ...options.providers };
  const drawings = demoDrawings(database.db, { dataDir: config.dataDir, storage: providers.storage });
  const app = await buildApp({
    config,
    db: database.db,
    logger: options.logger ?? false,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
    providers,
    now: options.now,
    drawings,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    container: app.container,
    drawings,
    containerWith: (overrides) =>
      createContainer({
        config,
        db: database.db,
        providers: { ...providers, ...overrides.providers },
        log: overrides.log ?? app.log,
        now: overrides.now ?? options.now,
      }),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser-like client: keeps cookies between calls and sends the CSRF token on mutating calls.
 * `remoteAddress` makes it speak from its own address (per-address rate limits); default 127.0.0.1.
 */
export function createClient(app: FastifyInstance, clientOptions: { remoteAddress?: string } = {}) {
  const cookies = new Map<string, string>();
  let csrfToken: string | undefined;

  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  const request = async (options: InjectOptions & { csrf?: boolean }) => {
    const { csrf = true, ...rest } = options;
    const method = (rest.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
    if (csrf && method !== 'GET' && method !== 'HEAD') {
      if (!csrfToken) await fetchCsrf();
      headers['x-csrf-token'] = csrfToken as string;
    }
    if (cookies.size > 0) headers.cookie = cookieHeader();
    const response = await app.inject({
      ...rest,
      headers,
      ...(clientOptions.remoteAddress ? { remoteAddress: clientOptions.remoteAddress } : {}),
    });
    remember(response.headers['set-cookie']);
    return response;
  };

  const fetchCsrf = async () => {
    const response = await request({ method: 'GET', url: API.users.csrf });
    csrfToken = response.json().csrfToken;
    return csrfToken as string;
  };

  return { request, fetchCsrf, cookies };
}

export type TestClient = ReturnType<typeof createClient>;

let signUps = 0;

/** What `signUp` registered: the credentials, and the user as the API answered it. */
export interface SignedUp {
  name: string;
  email: string;
  password: string;
  user: { _id: string; name: string; email: string; role: string; isMobVerified: boolean };
}

/**
 * Registers a new customer through the API with this client, which is then signed in. Each call uses
 * a fresh email and a strong password unless given; it fails the test on any answer but 201.
 */
export async function signUp(
  client: TestClient,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<SignedUp> {
  signUps += 1;
  const name = overrides.name ?? `Shopper ${signUps}`;
  const email = overrides.email ?? `shopper${signUps}.${randomBytes(4).toString('hex')}@example.in`;
  const password = overrides.password ?? 'Kurta#Silk2026';
  const res = await client.request({
    method: 'POST',
    url: API.users.register,
    payload: { name, email, password, confirmPassword: password, isAdult: true },
  });
  if (res.statusCode !== 201) throw new Error(`signUp: expected 201, got ${res.statusCode} ${res.body}`);
  // The session changed, so the CSRF token did too (a browser refetches it after sign-in).
  await client.fetchCsrf();
  return { name, email, password, user: res.json().user };
}
