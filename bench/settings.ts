import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().positive().max(600).default(fallback);

const envSchema = z.object({
  BENCH_SECONDS: seconds(5),
  BENCH_WARMUP_SECONDS: z.coerce.number().min(0).max(60).default(1),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(20),
  BENCH_DATABASES: z
    .string()
    .default('pglite,postgres')
    .transform((list) => list.split(',').map((s) => s.trim()))
    .pipe(z.array(z.enum(['pglite', 'postgres'])).min(1)),
  BENCH_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  // Browsers always ask for compressed answers, and the app compresses bodies over 1 KB, so the
  // default measures that cost too; set it empty to measure uncompressed answers.
  BENCH_ACCEPT_ENCODING: z.string().default('gzip, deflate, br'),
  /** Which groups of scenarios to run: the catalog's GET calls, the checkout, or both. */
  BENCH_SCENARIOS: z
    .string()
    .default('catalog,checkout')
    .transform((list) => list.split(',').map((s) => s.trim()))
    .pipe(z.array(z.enum(['catalog', 'checkout'])).min(1)),
  /** Shoppers ordering at once; DESIGN.md §8: checkout under 200 concurrent buyers oversells nothing. */
  BENCH_CHECKOUT_BUYERS: z.coerce.number().int().min(1).max(1000).default(200),
  /** Units of the one variant everyone buys in the sold-out checkout run. */
  BENCH_CHECKOUT_STOCK: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Orders each buyer places one after the other in the throughput run (stock for all of them). */
  BENCH_CHECKOUT_ROUNDS: z.coerce.number().int().min(1).max(100).default(5),
});

export type BenchSettings = z.infer<typeof envSchema> & { postgresUrl: string; postgresRequired: boolean };

/** The server a local developer (and CI) usually has; used only when it answers. */
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Reads the BENCH_* environment; a bad value stops the run with the list of problems. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid benchmark settings:\n${problems}`);
  }
  return {
    ...parsed.data,
    postgresUrl: parsed.data.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
    postgresRequired: parsed.data.BENCH_DATABASE_URL !== undefined,
  };
}
