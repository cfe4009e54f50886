import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '../../../common/schemas/admin-products';
import { CsvTooLargeError, escapeCell, readProductCsv, unescapeCell } from './product-csv';

const header = PRODUCT_CSV_COLUMNS.join(',');
const row = (sku: string, extra: Partial<Record<string, string>> = {}) => {
  const cells: Record<string, string> = {
    sku,
    name: 'Cotton Kurta',
    description: 'Soft.',
    brand: 'Pehnava',
    gender: 'Men',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    color: 'White',
    size: 'M',
    price: '999',
    mrp: '1499',
    countInStock: '4',
    status: 'active',
    hsn: '',
    isRefundable: 'false',
    ...extra,
  };
  return PRODUCT_CSV_COLUMNS.map((column) => cells[column]).join(',');
};

/** The text as a request body arrives: in small chunks, which may split a character. */
function body(text: string): Readable {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
  return Readable.from(chunks);
}
const read = (text: string, maxBytes = 1024 * 1024) => readProductCsv(body(text), { maxBytes });

describe('formula escapes', () => {
  it('puts an apostrophe before what a spreadsheet would run, and takes exactly that one off again', () => {
    for (const value of [
      '=SUM(A1)',
      '+91 98',
      '-Ivory',
      '@home',
      "'=already",
      "''+twice",
      'plain',
      "it's",
      "'quoted",
    ]) {
      expect(unescapeCell(escapeCell(value)), value).toBe(value);
    }
    expect(escapeCell('=1+1')).toBe("'=1+1");
    expect(escapeCell("'=1+1")).toBe("''=1+1");
    expect(escapeCell("it's")).toBe("it's");
  });
});

describe('reading an import', () => {
  it('types the cells of each row and numbers rows as a spreadsheet does', async () => {
    const { rows, errors } = await read(
      `\uFEFF${header}\n${row('a-1')}\n\n${row('A-2', { hsn: '621142', price: '999.50', name: 'सूती कुर्ता' })}\n`,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({
        row: 2,
        sku: 'A-1',
        price: 999,
        countInStock: 4,
        hsn: null,
        isRefundable: false,
      }),
      expect.objectContaining({ row: 4, sku: 'A-2', price: 999.5, hsn: '621142', name: 'सूती कुर्ता' }),
    ]);
  });

  it('names the row and column of each problem, and leaves those rows out', async () => {
    const { rows, errors } = await read(
      [
        header,
        row('OK-1'),
        row('BAD-1', { countInStock: '2.5', gender: 'Unisex' }),
        row('BAD-2').slice(0, -6),
      ].join('\n'),
    );
    expect(rows.map((r) => r.sku)).toEqual(['OK-1']);
    expect(errors).toEqual([
      { row: 3, column: 'gender', message: expect.any(String) },
      { row: 3, column: 'countInStock', message: 'Use a whole number of units.' },
      { row: 4, column: '', message: 'This row has 15 cells; every row needs 16.' },
    ]);
  });

  it('reports a wrong header and reads no rows under it', async () => {
    const { rows, errors } = await read(`${header.replace('sku,', 'SKU,')}\n${row('A-1')}\n`);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ row: 1, column: 'sku', message: expect.stringContaining(header) }]);
  });

  it('stops at a row that is not CSV, still reading the rest of the body', async () => {
    const { rows, errors } = await read(
      `${header}\n${row('A-1')}\n${row('A-2', { name: '"Open quote' })}\n${row('A-3')}\n`,
    );
    expect(rows.map((r) => r.sku)).toEqual(['A-1']);
    expect(errors).toEqual([
      { row: 3, column: '', message: expect.stringContaining('cannot read this row') },
    ]);
  });

  it('answers an empty body with the missing header, and refuses a body past the limit', async () => {
    expect((await read('')).errors).toEqual([
      { row: 1, column: '', message: expect.stringContaining('empty') },
    ]);
    await expect(read(`${header}\n${row('A-1')}\n`.repeat(50), 2000)).rejects.toBeInstanceOf(
      CsvTooLargeError,
    );
  });
});
