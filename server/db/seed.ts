import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from './client';

/** Loads the demo catalog into an empty database when SEED=demo (the default). */
export async function seedIfEmpty(_options: { db: Db; config: Config; log: FastifyBaseLogger }) {
  // Filled in by the seed work.
}
