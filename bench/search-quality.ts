/**
 * `npm run bench:search`: how often search finds what shoppers mean. Each query of
 * bench/search-queries.json names the product or the category it should find first; the share whose
 * answer is in the top 5 is the figure in bench/README.md ("Search quality"). Runs the catalog
 * service in-process on the demo catalog (PGlite in memory), prints a Markdown table to stdout and
 * exits 1 below TARGET.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ProductSummary, searchQuerySchema } from '../common/schemas/catalog';
import { openDatabase } from '../server/db/client';
import { buildDemoCatalog } from '../server/db/demo/demo-catalog';
import { insertProducts, type ProductInput } from '../server/db/factories/product.factory';
import { createCatalogRepository } from '../server/modules/catalog/catalog.repository';
import { createCatalogService } from '../server/modules/catalog/catalog.service';

/** The share of queries whose answer must be in the top 5. */
const TARGET = 0.9;
const TOP = 5;
/** The demo catalog's dates follow `now`; a fixed one keeps "newest first" the same on every run. */
const CATALOG_DATE = new Date('2026-12-01T00:00:00Z');

const oneOrMany = z.union([z.string(), z.array(z.string())]);
const categorySchema = z.object({
  gender: oneOrMany.optional(),
  brand: oneOrMany.optional(),
  category: oneOrMany.optional(),
  subCategory: oneOrMany.optional(),
  type: oneOrMany.optional(),
  color: oneOrMany.optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
});
type Category = z.infer<typeof categorySchema>;
const querySchema = z.union([
  z.object({ query: z.string(), kind: z.string(), product: z.string() }),
  z.object({ query: z.string(), kind: z.string(), category: categorySchema }),
]);
type Query = z.infer<typeof querySchema>;
const fileSchema = z.object({ about: z.string(), queries: z.array(querySchema).min(50) });

const LEVELS = ['gender', 'brand', 'category', 'subCategory', 'type'] as const;

/** True when the product is of the category: each level named, its colour, its price. */
function isOf(product: ProductInput, category: Category): boolean {
  for (const level of LEVELS) {
    const wanted = category[level];
    if (wanted !== undefined && ![wanted].flat().includes(product[level])) return false;
  }
  const colors = category.color === undefined ? undefined : [category.color].flat();
  if (colors && !product.variants.some((v) => colors.includes(v.color))) return false;
  if (category.minPrice !== undefined && product.price < category.minPrice) return false;
  if (category.maxPrice !== undefined && product.price > category.maxPrice) return false;
  return true;
}

function expectation(query: Query): string {
  if ('product' in query) return query.product;
  return Object.entries(query.category)
    .map(([key, value]) => `${key} ${[value].flat().join('/')}`)
    .join(', ');
}

/**
 * A product's answer is in the top 5 when it is among the first five results. A category's is when
 * the first results are all of it: the first five, or as many as the category has (three sherwanis
 * then a mojari is right), or as many as were found when the query's other words narrow it further
 * ("silk saree between 3000 and 5000" finds the silk ones). Nothing found is a miss.
 */
function hits(
  query: Query,
  found: ProductSummary[],
  byName: Map<string, ProductInput>,
  catalog: ProductInput[],
) {
  if ('product' in query) return found.some((p) => p.name === query.product);
  const size = catalog.filter((p) => isOf(p, query.category)).length;
  if (size === 0) throw new Error(`"${query.query}": no demo product is of ${expectation(query)}`);
  const first = found.slice(0, Math.min(TOP, size));
  return (
    first.length > 0 &&
    first.every((p) => {
      const product = byName.get(p.name);
      return product !== undefined && isOf(product, query.category);
    })
  );
}

const percent = (n: number, of: number) => `${Math.round((100 * n) / of)} %`;

async function main() {
  const { queries } = fileSchema.parse(
    JSON.parse(readFileSync(new URL('./search-queries.json', import.meta.url), 'utf8')),
  );
  const catalog = buildDemoCatalog({ now: CATALOG_DATE });
  const byName = new Map(catalog.map((p) => [p.name, p]));
  for (const query of queries) {
    if ('product' in query && !byName.has(query.product)) {
      throw new Error(`"${query.query}": no demo product is called ${query.product}`);
    }
  }

  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await insertProducts(database.db, catalog);
    await database.db.execute(sql`vacuum analyze products, product_variants`);
    // The vocabulary is read once; no query repeats, so no search answer comes from the cache.
    const catalogService = createCatalogService(createCatalogRepository(database.db), { cacheSeconds: 3600 });

    const rows: { query: Query; found: ProductSummary[]; hit: boolean }[] = [];
    for (const query of queries) {
      const result = await catalogService.search(searchQuerySchema.parse({ name: query.query, limit: TOP }));
      rows.push({ query, found: result.products, hit: hits(query, result.products, byName, catalog) });
    }

    console.log('| query | kind | should find first | first result | top 5 |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const { query, found, hit } of rows) {
      console.log(
        `| ${query.query} | ${query.kind} | ${expectation(query)} | ${found[0]?.name ?? '(nothing)'} | ${hit ? 'yes' : '**no**'} |`,
      );
    }
    console.log('');
    const kinds = [...new Set(rows.map((r) => r.query.kind))];
    for (const kind of kinds) {
      const ofKind = rows.filter((r) => r.query.kind === kind);
      const n = ofKind.filter((r) => r.hit).length;
      console.log(`- ${kind}: ${n} of ${ofKind.length} (${percent(n, ofKind.length)})`);
    }
    const total = rows.filter((r) => r.hit).length;
    console.log(
      `\n**Expected answer in the top 5: ${total} of ${rows.length} (${percent(total, rows.length)})**`,
    );
    if (total / rows.length < TARGET) {
      console.error(`below the target of ${percent(TARGET, 1)}`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

await main();
