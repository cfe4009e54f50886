import { parseArgs } from 'node:util';
import { describeFailure, runFuzz } from './fuzz';

/**
 * `npm run fuzz -- --seed=7 --requests=20000`: the fuzz test of the whole API, on a fresh in-memory
 * shop. Prints each failure with the smallest request that showed it, then one line
 * `fuzz: N requests, X 5xx, L leaks`; exits 1 when anything failed. Progress goes to stderr.
 */

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    requests: { type: 'string', default: '10000' },
  },
});
const seed = Number(values.seed);
const requests = Number(values.requests);
if (!Number.isInteger(seed) || !Number.isInteger(requests) || requests < 1) {
  console.error('usage: npm run fuzz -- [--seed=N] [--requests=N]');
  process.exit(2);
}

const report = await runFuzz({ seed, requests, progress: (line) => console.error(line) });
for (const failure of report.failures) console.log(describeFailure(failure));
console.log(report.summary);
console.error(`seed ${seed}, ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`);
// Operations no request got past the door of: a run too short, or a hint that no longer fits.
const neverAccepted = [...report.statuses]
  .filter(([, statuses]) => ![...statuses.keys()].some((status) => status < 300))
  .map(([operation]) => operation);
if (neverAccepted.length > 0) console.error(`never answered 2xx: ${neverAccepted.join(', ')}`);
process.exit(report.failures.length > 0 ? 1 : 0);
