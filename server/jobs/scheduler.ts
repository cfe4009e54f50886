import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A piece of scheduled work. `run` must be idempotent SQL: a retry or a second instance changes nothing. */
export interface Job {
  name: string;
  /** How often it runs. */
  everyMs: number;
  /** Does the work; the resolved value is logged (counts of rows touched, say; all-zero counts at debug). */
  run(): Promise<unknown>;
}

/** True for a run whose result counts are all zero (or that returned nothing). */
function didNothing(result: unknown): boolean {
  if (result === undefined || result === null) return true;
  if (typeof result !== 'object') return false;
  return Object.values(result).every((value) => value === 0 || value === false || value === null);
}

export type JobOutcome = 'ran' | 'skipped' | 'failed';

export interface SchedulerLogger {
  /** Runs that changed nothing are logged here when given (pino's logger has it). */
  debug?(details: object, message: string): void;
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SchedulerOptions {
  db: Db;
  /** On PostgreSQL an advisory lock lets one instance of several run a job; PGlite has one process. */
  kind: 'pglite' | 'postgres';
  log: SchedulerLogger;
  jobs: Job[];
}

/**
 * Runs registered jobs every `everyMs`, in process. With several app instances on one PostgreSQL
 * database, each run takes `pg_try_advisory_xact_lock` on the job's name inside a transaction: the
 * instance that gets it runs the job, the others skip this round. The lock is released when the
 * transaction ends, also if the instance dies.
 */
export function createScheduler({ db, kind, log, jobs }: SchedulerOptions) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<JobOutcome>>();
  let stopped = false;

  async function runLocked(job: Job): Promise<{ locked: boolean; result?: unknown }> {
    if (kind === 'pglite') return { locked: true, result: await job.run() };
    return db.transaction(async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`pehnava job ${job.name}`}, 0)) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!lock.rows[0]?.locked) return { locked: false };
      // The job runs on its own connections; this transaction only holds the lock meanwhile.
      return { locked: true, result: await job.run() };
    });
  }

  /** Runs one job now; never throws (a failure is logged and the next round tries again). */
  async function runJob(job: Job): Promise<JobOutcome> {
    const started = Date.now();
    try {
      const { locked, result } = await runLocked(job);
      if (!locked) return 'skipped';
      // Frequent jobs mostly find nothing to do; only runs that changed something are worth a log line.
      const logAt = didNothing(result) && log.debug ? log.debug : log.info;
      logAt.call(log, { job: job.name, result, ms: Date.now() - started }, `job ${job.name} done`);
      return 'ran';
    } catch (err) {
      log.error({ err, job: job.name }, `job ${job.name} failed`);
      return 'failed';
    }
  }

  function track(job: Job): Promise<JobOutcome> {
    const run = runJob(job);
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  }

  return {
    /** Runs every job once now, then each on its interval. Timers do not keep the process alive. */
    start(): void {
      stopped = false;
      for (const job of jobs) {
        void track(job);
        const timer = setInterval(() => {
          if (!stopped) void track(job);
        }, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },

    /** Runs every job once, one after the other; tests call this instead of waiting for timers. */
    async runAll(): Promise<Record<string, JobOutcome>> {
      const outcomes: Record<string, JobOutcome> = {};
      for (const job of jobs) outcomes[job.name] = await track(job);
      return outcomes;
    },

    /** Stops the timers and waits for runs in progress, so shutdown never cuts a job in half. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
