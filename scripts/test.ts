/**
 * `npm test`: every check, in order, stopping at the first failure — type check, lint, the import rules, unit and
 * web component tests, the API tests on a fresh PGlite database, the same API tests on PostgreSQL when
 * TEST_DATABASE_URL is set, then the browser journeys in Chromium against the built app. Each vitest run
 * ends with the tests it skipped and why.
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium';

/**
 * Runs these vitest projects with the usual output, then one line for each skipped test and the
 * reason it gave (skipped-reporter.ts), so a run that skipped something says what and why.
 */
const vitest = (...projects: string[]) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=./scripts/skipped-reporter.ts',
];

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;

run('Type check', 'npx', ['tsc', '--noEmit']);
run('Lint and format', 'npx', ['biome', 'ci', '.']);
run('Import rules (docs/architecture.md)', 'npm', ['run', '--silent', 'lint:imports']);
run('Unit and web component tests', 'npx', vitest('unit', 'web'));
run('API tests on PGlite', 'npx', vitest('api'), envWithoutPostgres);
if (TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', 'npx', vitest('api'), process.env);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}

try {
  process.env.CHROME_PATH = ensureChromium();
} catch (error) {
  console.error(`\n✖ ${(error as Error).message}`);
  process.exit(1);
}
run('Build the shop', 'npx', ['vite', 'build', '--logLevel', 'warn']);
run('Build the back office', 'npx', [
  'vite',
  'build',
  '--config',
  'vite.admin.config.ts',
  '--logLevel',
  'warn',
]);
run('Browser journeys', 'npx', ['playwright', 'test'], {
  ...envWithoutPostgres,
  CHROME_PATH: process.env.CHROME_PATH,
});
console.log('\n✔ All tests passed');
