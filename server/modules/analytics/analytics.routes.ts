import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** POST /api/analytics/collect (DESIGN.md §5). */
export async function analyticsRoutes(_app: FastifyInstance, _options: { db: Db }) {
  // Filled in by the analytics work.
}
