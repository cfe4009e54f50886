import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSku } from '../../common/schemas/admin-products';

/**
 * Migration 0015 on a shop that already has products: every product stays on sale and every variant
 * gets a SKU by the rule new variants follow (defaultSku), unique even where two colours make the
 * same word.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');
const before = mkdtempSync(path.join(os.tmpdir(), 'pehnava-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before 0015. */
function migrationsUpTo(last: number): string {
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

describe('migration 0015 (admin products)', () => {
  it('keeps existing products on sale and gives every variant a unique SKU', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(15) });
    const id = '4f2a9c1e-0b7d-4e21-a3c5-f6e7d8c9b0a1';
    await client.query(
      `insert into products (id, name, description, brand, gender, category, sub_category, type, price_paise, mrp_paise, created_at)
       values ($1, 'Cotton Kurta', 'Soft.', 'Pehnava', 'Men', 'Clothing', 'Ethnic Wear', 'Kurta', 99900, 149900, '2026-01-02T03:04:05Z')`,
      [id],
    );
    await client.query(
      `insert into product_variants (product_id, color, size, count_in_stock, position) values
       ($1, 'Sky Blue', 'M', 3, 0), ($1, 'Sky-Blue', 'M', 2, 1), ($1, 'Off White', 'UK 7', 1, 2)`,
      [id],
    );

    await migrate(db, { migrationsFolder: migrations });

    const product = await client.query<{
      status: string;
      version: number;
      hsn: string | null;
      updated: boolean;
    }>(`select status, version, hsn, updated_at = created_at as updated from products`);
    expect(product.rows).toEqual([{ status: 'active', version: 1, hsn: null, updated: true }]);
    const variants = await client.query<{ color: string; sku: string }>(
      'select color, sku from product_variants order by position',
    );
    expect(variants.rows).toEqual([
      { color: 'Sky Blue', sku: defaultSku(id, 'Sky Blue', 'M') },
      { color: 'Sky-Blue', sku: `${defaultSku(id, 'Sky-Blue', 'M')}-2` },
      { color: 'Off White', sku: '4F2A9C1E0B7D-OFF-WHITE-UK-7' },
    ]);
    await client.close();
    // Two PGlite start-ups and every migration: seconds alone, much longer beside other test files.
  }, 120_000);
});
