/**
 * `npm run bench:import`: how long a CSV import of BENCH_IMPORT_ROWS rows (default 10,000) takes through
 * the real app on PGlite files (the default database), against the budget of 30 s. Four imports, one
 * after the other on the same catalog: a dry run of new products, applying them, importing the
 * export of them unchanged, and an import that changes every price. Exits 1 past the budget or on any
 * unexpected answer. See bench/README.md.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { API } from '../common/api-paths';
import { PRODUCT_CSV_COLUMNS } from '../common/schemas/admin-products';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config/config';
import { openDatabase } from '../server/db/client';
import { createClient, signUp } from '../server/test/test-app';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET_MS = 30_000;
const SIZES = ['S', 'M', 'L', 'XL'];

const log = (message: string) => process.stderr.write(`${message}\n`);

/** `ROWS` rows of new products, four sizes each, at `price` rupees. */
function catalogCsv(price: number): string {
  const rows: string[][] = [];
  for (let i = 0; rows.length < ROWS; i += 1) {
    for (const size of SIZES.slice(0, ROWS - rows.length)) {
      rows.push([
        `BENCH-${i}-${size}`,
        `Bench Kurta ${i}`,
        'Hand block printed cotton, with a mandarin collar and side pockets.\nMachine wash cold.',
        ['Bagru Prints', 'Pehnava', 'Kora Weaves'][i % 3] as string,
        i % 2 === 0 ? 'Women' : 'Men',
        'Clothing',
        'Ethnic Wear',
        'Kurta',
        ['Indigo', 'Rust', 'Ivory'][i % 3] as string,
        size,
        String(price),
        '1999',
        String(i % 40),
        'active',
        '6211',
        'true',
      ]);
    }
  }
  return stringify([[...PRODUCT_CSV_COLUMNS], ...rows]);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-bench-import-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'error',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, webRoot: path.join(dataDir, 'no-web') });
  let failed = false;
  try {
    const owner = createClient(app);
    const account = await signUp(owner);
    await app.container.services.users.setRole(account.user._id, 'owner');
    await owner.fetchCsrf();
    await owner.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: account.email, password: account.password },
    });
    await owner.fetchCsrf();

    const timed = async (what: string, csv: string, dryRun: boolean, expected: Record<string, number>) => {
      const started = performance.now();
      const res = await owner.request({
        method: 'POST',
        url: `${API.admin.productsImport}?dryRun=${dryRun}`,
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      });
      const ms = Math.round(performance.now() - started);
      const body = res.json();
      const ok =
        res.statusCode === 200 &&
        body.errors.length === 0 &&
        Object.entries(expected).every(([key, value]) => body[key] === value);
      const verdict = !ok ? 'UNEXPECTED ANSWER' : ms > BUDGET_MS ? 'OVER BUDGET' : 'ok';
      if (verdict !== 'ok') failed = true;
      process.stdout.write(
        `| ${what} | ${ROWS} | ${(csv.length / 1024 / 1024).toFixed(1)} MB | ${(ms / 1000).toFixed(1)} s | ${verdict} |\n`,
      );
      if (!ok) log(res.body.slice(0, 2000));
    };

    process.stdout.write('| import | rows | size | time | verdict |\n| --- | --- | --- | --- | --- |\n');
    const fresh = catalogCsv(1499);
    await timed('dry run, all new', fresh, true, { created: ROWS });
    await timed('apply, all new', fresh, false, { created: ROWS });
    const exported = await owner.request({ method: 'GET', url: API.admin.productsExport });
    await timed('the export, unchanged', exported.body, false, { unchanged: ROWS });
    await timed('every price changed', catalogCsv(1299), false, { updated: ROWS });
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  log(String(error?.stack ?? error));
  process.exit(1);
});
