/**
 * `npm run bench`: req/s and p99 of the catalog's hot calls and of checkout on the real app, each next
 * to a bare Fastify JSON route measured in the same run, on PGlite and (when one answers) on PostgreSQL.
 * See bench/README.md for the settings and how to read the ratios.
 */
import os from 'node:os';
import { prepareBuyers, runCheckout } from './checkout';
import { type LoadOptions, measure } from './measure';
import { formatTable, type Row } from './report';
import { discoverScenarios } from './scenarios';
import { type BenchSettings, readSettings } from './settings';
import {
  BASELINE_PATH,
  createRunDataDir,
  dropScratchDatabases,
  postgresAnswers,
  type ShopTarget,
  startBaseline,
  startShop,
  type Target,
} from './targets';

type DatabaseKind = 'pglite' | 'postgres';

interface RunContext {
  settings: BenchSettings;
  load: LoadOptions;
  dataDir: string;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function databasesToRun(settings: BenchSettings): Promise<DatabaseKind[]> {
  const kinds: DatabaseKind[] = [];
  for (const kind of settings.BENCH_DATABASES) {
    if (kind === 'postgres' && !(await postgresAnswers(settings.postgresUrl))) {
      const where = new URL(settings.postgresUrl).host;
      if (settings.postgresRequired) {
        throw new Error(`BENCH_DATABASE_URL is set but no PostgreSQL answers at ${where}`);
      }
      log(
        `PostgreSQL: nothing answers at ${where}; measuring PGlite only (set BENCH_DATABASE_URL to choose one).`,
      );
      continue;
    }
    kinds.push(kind);
  }
  return kinds;
}

/**
 * The checkout runs (bench/checkout.ts): the same buyers first race for a variant with
 * BENCH_CHECKOUT_STOCK units, then place BENCH_CHECKOUT_ROUNDS orders each of one with stock for all.
 */
async function runCheckouts(
  kind: DatabaseKind,
  shop: ShopTarget,
  settings: BenchSettings,
  baselineRps: number,
) {
  const buyersCount = settings.BENCH_CHECKOUT_BUYERS;
  log(`${kind}: checkout: signing up ${buyersCount} buyers with an address each (not measured)…`);
  const buyers = await prepareBuyers(shop.baseUrl, buyersCount);
  const runs = [
    {
      name: `checkout, ${settings.BENCH_CHECKOUT_STOCK} in stock`,
      stock: settings.BENCH_CHECKOUT_STOCK,
      rounds: 1,
    },
    {
      name: `checkout, stock for all × ${settings.BENCH_CHECKOUT_ROUNDS}`,
      stock: buyersCount * settings.BENCH_CHECKOUT_ROUNDS,
      rounds: settings.BENCH_CHECKOUT_ROUNDS,
    },
  ];
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const spec of runs) {
    log(`${kind}: ${spec.name} (${buyersCount} buyers at once, POST /api/order)`);
    const result = await runCheckout(shop, buyers, spec);
    log(`${kind}: ${result.summary}`);
    rows.push({ scenario: spec.name, database: kind, measurement: result.measurement, baselineRps });
    notes.push(`${kind}, ${result.summary}`);
  }
  return { rows, notes };
}

/** Measures the baseline, then each scenario, against one database; the ratio uses that block's baseline. */
async function runBlock(kind: DatabaseKind, baseline: Target, run: RunContext) {
  const { settings, load, dataDir } = run;
  log(`\n${kind}: building the app, migrating and seeding (the first seed of a run draws the demo images)…`);
  const shop = await startShop(kind, { dataDir, postgresUrl: settings.postgresUrl });
  log(`${kind}: ${shop.startup}`);
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const scenarios = settings.BENCH_SCENARIOS.includes('catalog')
      ? await discoverScenarios(shop.baseUrl)
      : [];
    log(`${kind}: baseline ${BASELINE_PATH}`);
    const base = await measure(`${baseline.baseUrl}${BASELINE_PATH}`, load);
    rows.push({
      scenario: 'baseline (bare Fastify)',
      database: kind,
      measurement: base,
      baselineRps: base.requestsPerSecond,
    });
    for (const scenario of scenarios) {
      if ('skipped' in scenario) {
        log(`${kind}: ${scenario.name} skipped: ${scenario.skipped}`);
        rows.push({ scenario: scenario.name, database: kind, skipped: scenario.skipped });
        continue;
      }
      log(`${kind}: ${scenario.name} GET ${scenario.path}${scenario.note ? ` (${scenario.note})` : ''}`);
      const measurement = await measure(`${shop.baseUrl}${scenario.path}`, load);
      rows.push({
        scenario: scenario.name,
        database: kind,
        measurement,
        baselineRps: base.requestsPerSecond,
      });
    }
    if (settings.BENCH_SCENARIOS.includes('checkout')) {
      const checkout = await runCheckouts(kind, shop, settings, base.requestsPerSecond);
      rows.push(...checkout.rows);
      notes.push(...checkout.notes);
    }
  } finally {
    await shop.close();
  }
  return { rows, notes };
}

/** Ctrl-C in the middle of a run (a seed can take minutes) still removes the files and scratch databases. */
function onInterrupt(cleanUp: () => Promise<void>) {
  const handler = (signal: NodeJS.Signals) => {
    log(`\n${signal}: cleaning up…`);
    cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return {
    dispose: () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

async function main() {
  const settings = readSettings();
  const load: LoadOptions = {
    seconds: settings.BENCH_SECONDS,
    warmupSeconds: settings.BENCH_WARMUP_SECONDS,
    connections: settings.BENCH_CONNECTIONS,
    acceptEncoding: settings.BENCH_ACCEPT_ENCODING,
  };
  const kinds = await databasesToRun(settings);
  const loadBefore = os.loadavg()[0] ?? 0;
  const files = createRunDataDir();
  const baseline = await startBaseline();
  const cleanUp = onInterrupt(async () => {
    files.remove();
    await dropScratchDatabases();
  });
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    for (const kind of kinds) {
      const block = await runBlock(kind, baseline, { settings, load, dataDir: files.dataDir });
      rows.push(...block.rows);
      notes.push(...block.notes);
    }
  } finally {
    cleanUp.dispose();
    await baseline.close();
    files.remove();
  }

  const cpus = os.cpus();
  const loadAverages = `${loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? 0).toFixed(1)} after`;
  console.log(
    `\n${load.seconds} s per scenario after ${load.warmupSeconds} s warm-up, ${load.connections} connections, ` +
      `accept-encoding: ${load.acceptEncoding || 'none'}; Node ${process.version}, ` +
      `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}; load average ${loadAverages}\n`,
  );
  console.log(formatTable(rows));
  if (notes.length > 0) console.log(`\n${notes.map((note) => `- ${note}`).join('\n')}`);
  // The bench itself keeps about two cores busy; more than that means something else competed for them.
  if (loadBefore > cpus.length) {
    console.log(
      `\nWarning: the machine was already busy (load ${loadBefore.toFixed(1)} on ${cpus.length} cores).`,
    );
  }
  const failed = rows.filter((row) => (row.measurement?.failures ?? 0) > 0);
  if (failed.length > 0) {
    console.log(
      `\nWarning: ${failed.map((r) => `${r.scenario} (${r.database})`).join(', ')} had failed requests.`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
