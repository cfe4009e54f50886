import { once } from 'node:events';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProduct,
  adminVariantSchema,
  hsnSchema,
  type ImportError,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  productFieldsSchema,
} from '../../../common/schemas/admin-products';
import { DomainError } from '../../errors';

/**
 * The product CSV (one row per variant, the columns of PRODUCT_CSV_COLUMNS): writing the export and
 * reading an import, row by row as the bytes arrive. Cells that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) are written with a leading apostrophe, which
 * spreadsheets show as text, and read back without it, so an export imports unchanged.
 */

const TEXT_COLUMNS = new Set<ProductCsvColumn>([
  'sku',
  'name',
  'description',
  'brand',
  'category',
  'subCategory',
  'type',
  'color',
  'size',
]);

/** A formula trigger, behind any apostrophes an earlier escape added. */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A text cell as the export writes it: one more apostrophe in front of a formula trigger. */
export function escapeCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** A text cell as the import reads it: the apostrophe escapeCell added taken off again. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value;
}

/** The export's rows: one per variant, in the products' order, the header first. */
export function productCsv(pages: AsyncIterable<AdminProduct[]>): Readable {
  return Readable.from(
    (async function* () {
      yield stringify([[...PRODUCT_CSV_COLUMNS]]);
      for await (const page of pages) {
        const rows = page.flatMap((product) =>
          product.variants.map((variant) => {
            const cells: Record<ProductCsvColumn, string> = {
              sku: variant.sku,
              name: product.name,
              description: product.description,
              brand: product.brand,
              gender: product.gender,
              category: product.category,
              subCategory: product.subCategory,
              type: product.type,
              color: variant.color,
              size: variant.size,
              price: String(product.price),
              mrp: String(product.mrp),
              countInStock: String(variant.countInStock),
              status: product.status,
              hsn: product.hsn ?? '',
              isRefundable: String(product.isRefundable),
            };
            return PRODUCT_CSV_COLUMNS.map((column) =>
              TEXT_COLUMNS.has(column) ? escapeCell(cells[column]) : cells[column],
            );
          }),
        );
        if (rows.length > 0) yield stringify(rows);
      }
    })(),
  );
}

const fields = productFieldsSchema.shape;
const rupeesCell = (field: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Use rupees with at most two decimals, like 1299 or 1299.50.')
    .transform(Number)
    .pipe(field);

/** One data row of the CSV, cells checked and typed by the rules of the product form. */
const csvRowSchema = z
  .object({
    sku: adminVariantSchema.shape.sku,
    name: fields.name,
    description: fields.description,
    brand: fields.brand,
    gender: z.string().trim().pipe(fields.gender),
    category: fields.category,
    subCategory: fields.subCategory,
    type: fields.type,
    color: adminVariantSchema.shape.color,
    size: adminVariantSchema.shape.size,
    price: rupeesCell(fields.price),
    mrp: rupeesCell(fields.mrp),
    countInStock: z
      .string()
      .trim()
      .regex(/^\d+$/, 'Use a whole number of units.')
      .transform(Number)
      .pipe(adminVariantSchema.shape.countInStock),
    status: z.string().trim().toLowerCase().pipe(fields.status),
    hsn: z
      .string()
      .trim()
      .transform((value) => (value === '' ? null : value))
      .pipe(hsnSchema),
    isRefundable: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false'], 'Use true or false.'))
      .transform((value) => value === 'true'),
  })
  .superRefine((row, ctx) => {
    if (row.mrp < row.price) {
      ctx.addIssue({ code: 'custom', path: ['mrp'], message: ADMIN_PRODUCT_MESSAGES.mrpBelowPrice });
    }
  });

/** A valid data row, with its number as a spreadsheet shows it (the header is row 1). */
export type ProductCsvRow = z.output<typeof csvRowSchema> & { row: number };

export interface ReadProductCsv {
  rows: ProductCsvRow[];
  /** Problems of single rows (and of the file itself); rows with one are left out of `rows`. */
  errors: ImportError[];
}

/** 413: the body passed PRODUCT_LIMITS.csvMaxBytes. */
export class CsvTooLargeError extends DomainError {
  constructor() {
    super(413, ADMIN_PRODUCT_MESSAGES.csvTooLarge, 'CSV_TOO_LARGE');
  }
}

/** The longest record read: a product's description is at most 5,000 characters, so 64 KB leaves room. */
const MAX_RECORD_BYTES = 64 * 1024;

/**
 * Reads an import as it streams in: the header must be PRODUCT_CSV_COLUMNS exactly (in that order),
 * then each row is checked on its own; blank rows are skipped but counted, so row numbers stay those
 * a spreadsheet shows. A file that stops being CSV (a quote never closed…) is reported at that row and
 * read no further, though the body is still drained so that the answer can be sent. 413 past `maxBytes`.
 */
export async function readProductCsv(
  input: AsyncIterable<Buffer | string>,
  { maxBytes }: { maxBytes: number },
): Promise<ReadProductCsv> {
  const rows: ProductCsvRow[] = [];
  const errors: ImportError[] = [];
  const parser = parse({ bom: true, relax_column_count: true, max_record_size: MAX_RECORD_BYTES });
  let row = 0;
  let headerOk = false;
  let broken = false;
  const consumed = (async () => {
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        row += 1;
        if (row === 1) {
          const problem = headerProblem(cells);
          if (problem) errors.push(problem);
          headerOk = !problem;
        } else if (headerOk && !(cells.length === 1 && cells[0]?.trim() === '')) {
          readRow(cells, row, rows, errors);
        }
      }
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      broken = true;
      errors.push({
        row: row + 1,
        column: '',
        message: `The import cannot read this row as CSV: ${error.message}`,
      });
    }
  })();

  let seen = 0;
  for await (const chunk of input) {
    seen += chunk.length;
    if (seen > maxBytes) throw new CsvTooLargeError();
    if (broken) continue;
    // A parser that fails while this waits for room ends `consumed` (which records why) instead of draining.
    if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), consumed]).catch(() => undefined);
  }
  parser.end();
  await consumed;
  if (row === 0) errors.push({ row: 1, column: '', message: 'The file is empty: it needs the header row.' });
  return { rows, errors };
}

function headerProblem(cells: string[]): ImportError | undefined {
  const header = cells.map((cell) => cell.trim());
  const wrong = PRODUCT_CSV_COLUMNS.findIndex((column, i) => header[i] !== column);
  if (wrong === -1 && header.length === PRODUCT_CSV_COLUMNS.length) return undefined;
  return {
    row: 1,
    column: PRODUCT_CSV_COLUMNS[wrong] ?? header[PRODUCT_CSV_COLUMNS.length] ?? '',
    message: `The first row must name the columns exactly: ${PRODUCT_CSV_COLUMNS.join(',')}`,
  };
}

function readRow(cells: string[], row: number, rows: ProductCsvRow[], errors: ImportError[]): void {
  if (cells.length !== PRODUCT_CSV_COLUMNS.length) {
    errors.push({
      row,
      column: '',
      message: `This row has ${cells.length} cells; every row needs ${PRODUCT_CSV_COLUMNS.length}.`,
    });
    return;
  }
  const record = Object.fromEntries(
    PRODUCT_CSV_COLUMNS.map((column, i) => {
      const cell = cells[i] as string;
      return [column, TEXT_COLUMNS.has(column) ? unescapeCell(cell) : cell];
    }),
  );
  const parsed = csvRowSchema.safeParse(record);
  if (parsed.success) {
    rows.push({ ...parsed.data, row });
    return;
  }
  for (const issue of parsed.error.issues) {
    errors.push({ row, column: String(issue.path[0] ?? ''), message: issue.message });
  }
}
