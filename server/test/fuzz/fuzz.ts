import fc from 'fast-check';
import { HOUR, MINUTE } from '../../../common/constants';
import { createDeepState, type DeepState } from './deep-state';
import { draftArbitrary, INJECTIONS } from './drafts';
import { isRefusal, lowestStock, OrderWatch } from './invariants';
import { type Operation, operationsOf } from './openapi';
import { answerLeaks, isDatabaseRefusal, logLeaks, type Oracle, SLOW_ANSWER_MS } from './oracles';
import { type Draft, describeDraft, ROLES, type Role, sentText, sizeOf } from './request';
import { createWorld, type World } from './world';

/**
 * The fuzz run: every operation of the OpenAPI document as each role, valid and hostile requests
 * from a seeded generator, each answer checked by the oracles, the server's health after each batch,
 * and the shop's invariants at the end. Failures are grouped by operation and oracle, each with the
 * smallest request that showed it (shrunk by fast-check where the failure can be replayed).
 */

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Requests between health checks; the shop's clock moves a minute after each batch. */
  batchSize?: number;
  /** How long shrinking one failure may take. */
  shrinkMs?: number;
  /** Progress lines (stderr in the command). */
  progress?: (line: string) => void;
}

export interface Failure {
  oracle: Oracle | 'broken invariant';
  operation: string;
  roles: Set<Role>;
  count: number;
  /** What the first failure said: the status and answer, the leak, the order that changed. */
  detail: string;
  /** The smallest request seen failing this way, shrunk when replaying it failed again. */
  smallest?: Draft;
  shrunk: boolean;
  /** The first failing request's seed, role and kind, to generate it again and shrink it. */
  replay?: { seed: number; role: Role; kind: DraftKind };
}

export interface FuzzReport {
  requests: number;
  serverErrors: number;
  leaks: number;
  failures: Failure[];
  durationMs: number;
  /** How each operation was answered: status → count, to see which handlers the run got past the door. */
  statuses: Map<string, Map<number, number>>;
  /** `fuzz: N requests, X 5xx, L leaks` */
  summary: string;
}

interface Finding {
  oracle: Oracle;
  detail: string;
}

const DEFAULT_BATCH = 50;

/** A valid request only, or one drawn from valid and hostile ones. */
type DraftKind = 'valid' | 'any';

/** A seed of its own for the request at `index`, so each can be generated again alone. */
const seedOf = (seed: number, index: number) =>
  (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + index * 0x27d4eb2d) | 0;

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const { seed, requests, batchSize = DEFAULT_BATCH, shrinkMs = 20_000, progress = () => {} } = options;
  const world = await createWorld();
  try {
    const deep = await createDeepState(world);
    return await fuzzWorld(world, deep, { seed, requests, batchSize, shrinkMs, progress, started });
  } finally {
    await world.close();
  }
}

async function fuzzWorld(
  world: World,
  deep: DeepState,
  options: Required<Omit<FuzzOptions, 'progress'>> & { progress: (line: string) => void; started: number },
): Promise<FuzzReport> {
  const { seed, requests, batchSize, shrinkMs, progress, started } = options;
  const db = world.t.database.db;

  const document = (await world.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const operations = operationsOf(document);
  const arbitraries = new Map<string, ReturnType<typeof draftArbitrary>>();
  const arbitraryFor = (operation: Operation, role: Role, kind: DraftKind) => {
    const key = `${operation.id} ${role}`;
    let arbitrary = arbitraries.get(key);
    if (!arbitrary) {
      const deepHints = deep.hints(operation, role);
      const worldHints = world.hints(operation, role);
      arbitrary = draftArbitrary(operation, role, {
        hints: (at) => deepHints(at) ?? worldHints(at),
        images: world.images,
        foreignIds: () => deep.foreignIds(role),
      });
      arbitraries.set(key, arbitrary);
    }
    return arbitrary[kind];
  };
  const combinations = operations.flatMap((operation) => ROLES.map((role) => ({ operation, role })));
  progress(`fuzzing ${operations.length} operations × ${ROLES.length} roles, seed ${seed}`);

  const watch = new OrderWatch(db, deep.orderTokens);
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).length;
  const failures = new Map<string, Failure>();
  const statuses = new Map<string, Map<number, number>>();
  let serverErrors = 0;
  let leaks = 0;

  /** Sends one request and returns its status and what the oracles found. */
  async function execute(draft: Draft): Promise<{ status: number; findings: Finding[] }> {
    const before = await watch.states(watch.touchedBy(draft));
    world.log.take();
    const answer = await world.send(draft);
    // The request's last log line (its completion) is written once the answer has gone.
    await new Promise((resolve) => setImmediate(resolve));
    const lines = world.log.take();
    const findings: Finding[] = [];
    const sent = sentText(draft);
    const answered = `${answer.status} ${answer.body.slice(0, 300)}`;
    if (answer.status >= 500) findings.push({ oracle: 'server error', detail: answered });
    if (answer.ms > SLOW_ANSWER_MS) {
      findings.push({ oracle: 'slow answer', detail: `${Math.round(answer.ms)} ms, answered ${answered}` });
    }
    const inAnswer = answerLeaks(answer.body, sent, world.secrets, {
      csrfAllowed: draft.operation === 'GET /api/users/dancingcable',
      stored: INJECTIONS,
    });
    if (inAnswer.length > 0)
      findings.push({ oracle: 'leak in answer', detail: `${inAnswer.join(', ')} in ${answered}` });
    for (const line of lines) {
      const inLine = logLeaks(line, sent, world.secrets);
      if (inLine.length > 0)
        findings.push({ oracle: 'leak in log', detail: `${inLine.join(', ')} in ${line.slice(0, 400)}` });
      if (isDatabaseRefusal(line))
        findings.push({ oracle: 'refused by the database', detail: line.slice(0, 400) });
    }
    if (Object.getOwnPropertyNames(Object.prototype).length !== prototypeKeys) {
      findings.push({
        oracle: 'server error',
        detail: `Object.prototype was polluted: ${Object.getOwnPropertyNames(Object.prototype).join(', ')}`,
      });
    }
    const changed = await watch.changedBy(before, isRefusal(answer.status, answer.body));
    for (const orderId of changed) {
      findings.push({
        oracle: 'order changed by a refused request',
        detail: `order ${orderId} changed; answered ${answered}`,
      });
    }
    await deep.observe(draft, answer);
    await world.observe(draft, answer);
    return { status: answer.status, findings };
  }

  const record = (
    draft: Draft,
    { status, findings }: Awaited<ReturnType<typeof execute>>,
    replay: { seed: number; kind: DraftKind },
  ) => {
    const counts = statuses.get(draft.operation) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    statuses.set(draft.operation, counts);
    for (const finding of findings) {
      const key = `${finding.oracle} ${draft.operation}`;
      const failure = failures.get(key) ?? {
        oracle: finding.oracle,
        operation: draft.operation,
        roles: new Set<Role>(),
        count: 0,
        detail: finding.detail,
        shrunk: false,
        replay: { ...replay, role: draft.role },
      };
      failure.count += 1;
      failure.roles.add(draft.role);
      if (!failure.smallest || sizeOf(draft) < sizeOf(failure.smallest)) failure.smallest = draft;
      failures.set(key, failure);
    }
    if (findings.some((finding) => finding.oracle === 'server error')) serverErrors += 1;
    leaks += findings.filter(
      (finding) => finding.oracle === 'leak in answer' || finding.oracle === 'leak in log',
    ).length;
  };
  const broken = (operation: string, detail: string) =>
    failures.set(`broken invariant ${detail}`, {
      oracle: 'broken invariant',
      operation,
      roles: new Set(),
      count: 1,
      detail,
      shrunk: false,
    });

  // Each round sends every combination once, in an order of its own drawn from the seed. The first
  // round sends only valid requests, so every handler is reached past its checks at least once, as
  // each role, whatever the seed draws afterwards.
  let order: typeof combinations = [];
  let sent = 0;
  while (sent < requests) {
    for (let inBatch = 0; inBatch < batchSize && sent < requests; inBatch += 1) {
      if (order.length === 0) {
        [order] = fc.sample(fc.shuffledSubarray(combinations, { minLength: combinations.length }), {
          seed: seedOf(seed, -1 - Math.floor(sent / combinations.length)),
          numRuns: 1,
        }) as [typeof combinations];
      }
      const { operation, role } = order.shift() as (typeof combinations)[number];
      await deep.prepare(operation, role);
      const requestSeed = seedOf(seed, sent);
      const kind: DraftKind = sent < combinations.length ? 'valid' : 'any';
      const [draft] = fc.sample(arbitraryFor(operation, role, kind), { seed: requestSeed, numRuns: 1 }) as [
        Draft,
      ];
      record(draft, await execute(draft), { seed: requestSeed, kind });
      sent += 1;
    }
    world.clock.advance(MINUTE);
    const health = await world.t.app.inject({ method: 'GET', url: '/api/health' });
    if (health.statusCode !== 200) {
      failures.set('server down', {
        oracle: 'server down',
        operation: 'GET /api/health',
        roles: new Set(),
        count: 1,
        detail: `after ${sent} requests the health check answered ${health.statusCode} ${health.body.slice(0, 300)}`,
        shrunk: false,
      });
      break;
    }
    if (sent % 1000 < batchSize) progress(`${sent} requests, ${serverErrors} 5xx, ${leaks} leaks`);
  }

  // The invariants, once every limit the run may have filled has had time to empty.
  world.clock.advance(2 * HOUR);
  const lowest = await lowestStock(db);
  if (lowest < 0) broken('stock', `a variant's stock is ${lowest}`);
  for (const orderId of await watch.changedSinceFirstSeen()) {
    broken('orders', `order ${orderId}, named only by refused requests, is not as it was before them`);
  }
  for (const breakage of world.breakages) broken('sign-in', breakage);
  for (const account of world.accounts()) {
    const res = await world.signIn(account);
    const expected = account.closed ? 401 : account.blocked ? 403 : 200;
    if (res.statusCode !== expected) {
      broken(
        'sign-in',
        `${account.label} (${account.email}) answered ${res.statusCode} to signing in, not ${expected}`,
      );
    }
  }

  // Shrinking replays the first failing request of each kind from its seed, and lets fast-check make
  // it smaller while it still fails the same way; a failure that depended on state may not replay.
  for (const failure of failures.values()) {
    if (!failure.replay) continue;
    const operation = operations.find((candidate) => candidate.id === failure.operation) as Operation;
    const { seed: replaySeed, role, kind } = failure.replay;
    const property = fc.asyncProperty(arbitraryFor(operation, role, kind), async (draft) => {
      await deep.prepare(operation, role);
      const { findings } = await execute(draft);
      return !findings.some((finding) => finding.oracle === failure.oracle);
    });
    const result = await fc.check(property, {
      seed: replaySeed,
      numRuns: 1,
      interruptAfterTimeLimit: shrinkMs,
      markInterruptAsFailure: false,
    });
    const shrunk = result.counterexample?.[0];
    if (result.failed && shrunk && (!failure.smallest || sizeOf(shrunk) <= sizeOf(failure.smallest))) {
      failure.smallest = shrunk;
      failure.shrunk = true;
    }
  }

  return {
    requests: sent,
    serverErrors,
    leaks,
    failures: [...failures.values()],
    durationMs: performance.now() - started,
    statuses,
    summary: `fuzz: ${sent} requests, ${serverErrors} 5xx, ${leaks} leaks`,
  };
}

/** A failure as the command prints it: what broke, how often, and the smallest request that showed it. */
export function describeFailure(failure: Failure): string {
  const roles = [...failure.roles].join(', ');
  const head = `✖ ${failure.oracle}: ${failure.operation}${roles ? ` as ${roles}` : ''}${failure.count > 1 ? ` (${failure.count} requests)` : ''}`;
  const lines = [head, `    ${failure.detail}`];
  if (failure.smallest) {
    lines.push(
      `    smallest request${failure.shrunk ? ' (shrunk)' : ''}:`,
      `    ${describeDraft(failure.smallest)}`,
    );
  }
  return lines.join('\n');
}
