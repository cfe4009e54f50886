import { describe, expect, it } from 'vitest';
import type { AdminProductRow } from './product-admin.repository';
import type { ProductCsvRow } from './product-csv';
import { planImport } from './product-import';

let rowNumber = 1;
const row = (sku: string, overrides: Partial<ProductCsvRow> = {}): ProductCsvRow => {
  rowNumber += 1;
  return {
    row: rowNumber,
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
    price: 999,
    mrp: 1499,
    countInStock: 4,
    status: 'active',
    hsn: null,
    isRefundable: false,
    ...overrides,
  };
};

const stored = (
  id: string,
  variants: AdminProductRow['variants'],
  overrides: Partial<AdminProductRow> = {},
) =>
  ({
    id,
    name: 'Cotton Kurta',
    description: 'Soft.',
    brand: 'Pehnava',
    gender: 'Men',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    pricePaise: 99900,
    mrpPaise: 149900,
    hsn: null,
    isRefundable: false,
    status: 'active',
    version: 3,
    images: [],
    imageColors: [],
    imageAlts: [],
    rating: 0,
    numReviews: 0,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    variants,
    ...overrides,
  }) satisfies AdminProductRow;

let ids = 0;
const newId = () => `new-${++ids}`;
const catalogOf = (...products: AdminProductRow[]) => ({
  skuOwners: new Map(products.flatMap((p) => p.variants.map((v) => [v.sku, p.id] as const))),
  products: new Map(products.map((p) => [p.id, p])),
});

describe('planning an import', () => {
  it('counts rows that change nothing as unchanged and writes nothing for them', () => {
    const p = stored('p1', [{ sku: 'K-M', color: 'White', size: 'M', countInStock: 4 }]);
    const plan = planImport([row('K-M')], catalogOf(p), newId);
    expect(plan).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
      errors: [],
      newProducts: [],
      changedProducts: [],
    });
  });

  it('joins a new SKU to the product of the same name, brand, gender and category, after its variants', () => {
    const p = stored('p1', [{ sku: 'K-M', color: 'White', size: 'M', countInStock: 4 }]);
    const plan = planImport([row('K-L', { size: 'L', name: 'COTTON KURTA ' })], catalogOf(p), newId);
    expect(plan).toMatchObject({ created: 1, updated: 0, unchanged: 0, errors: [] });
    expect(plan.changedProducts).toEqual([
      {
        before: p,
        columns: expect.objectContaining({ name: 'COTTON KURTA ', pricePaise: 99900 }),
        variants: [
          { sku: 'K-M', color: 'White', size: 'M', countInStock: 4 },
          { sku: 'K-L', color: 'White', size: 'L', countInStock: 4 },
        ],
      },
    ]);
  });

  it('makes one new product of the new rows that name it, and another of a different gender', () => {
    const plan = planImport(
      [row('A-M'), row('A-L', { size: 'L' }), row('W-M', { gender: 'Women' })],
      catalogOf(),
      newId,
    );
    expect(plan.created).toBe(3);
    expect(plan.newProducts.map((p) => [p.columns.gender, p.variants.map((v) => v.sku)])).toEqual([
      ['Men', ['A-M', 'A-L']],
      ['Women', ['W-M']],
    ]);
  });

  it('refuses a new SKU whose name two products share, and a colour and size taken by another SKU', () => {
    const a = stored('p1', [{ sku: 'A-M', color: 'White', size: 'M', countInStock: 1 }]);
    const b = stored('p2', [{ sku: 'B-M', color: 'White', size: 'M', countInStock: 1 }]);
    const c = stored('p3', [{ sku: 'C-M', color: 'Red', size: 'M', countInStock: 1 }], {
      name: 'Silk Kurta',
    });
    const ambiguous = row('X-L', { size: 'L' });
    const clash = row('C-L', { name: 'Silk Kurta', color: 'Red', size: 'M' });
    const plan = planImport([ambiguous, clash], catalogOf(a, b, c), newId);
    expect(plan.errors).toEqual([
      { row: ambiguous.row, column: 'name', message: expect.stringContaining('Several products') },
      { row: clash.row, column: 'size', message: 'Colour Red, size M is SKU C-M of this product already.' },
    ]);
    expect(plan.changedProducts).toEqual([]);
  });

  it('lets two SKUs swap their colours and sizes within one import', () => {
    const p = stored('p1', [
      { sku: 'K-M', color: 'White', size: 'M', countInStock: 4 },
      { sku: 'K-L', color: 'White', size: 'L', countInStock: 2 },
    ]);
    const plan = planImport([row('K-M', { size: 'L' }), row('K-L', { size: 'M' })], catalogOf(p), newId);
    expect(plan).toMatchObject({ updated: 2, errors: [] });
    expect(plan.changedProducts[0]?.variants.map((v) => `${v.sku}:${v.size}`)).toEqual(['K-M:L', 'K-L:M']);
  });

  it('counts every row of a product whose fields change as updated', () => {
    const p = stored('p1', [
      { sku: 'K-M', color: 'White', size: 'M', countInStock: 4 },
      { sku: 'K-L', color: 'White', size: 'L', countInStock: 4 },
    ]);
    const plan = planImport(
      [row('K-M', { status: 'archived' }), row('K-L', { size: 'L', status: 'archived' })],
      catalogOf(p),
      newId,
    );
    expect(plan).toMatchObject({ created: 0, updated: 2, unchanged: 0, errors: [] });
    expect(plan.changedProducts[0]?.columns.status).toBe('archived');
  });
});
