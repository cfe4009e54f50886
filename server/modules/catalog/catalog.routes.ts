import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Catalog routes under /api/products (DESIGN.md §5). */
export async function catalogRoutes(_app: FastifyInstance, _options: { db: Db }) {
  // Filled in by the catalog work.
}
