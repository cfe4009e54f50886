import { toPaise } from '../../../common/money';
import { type ImportError, PRODUCT_LIMITS } from '../../../common/schemas/admin-products';
import type { AdminProductRow, ProductColumns, VariantRow } from './product-admin.repository';
import type { ProductCsvRow } from './product-csv';

/**
 * Planning a CSV import (pure: what the catalog holds comes in, what to write comes out).
 *
 * Rows match variants by SKU. A row whose SKU is new joins the product its name, brand, gender and
 * category name (compared without case): one that other rows of the file name by SKU, or else one in
 * the catalog; rows that name no product make a new one together. The rows of one product must agree
 * on its fields. An import never removes a variant or a product (archive it instead), and never
 * touches images.
 */

/** The product fields a CSV row carries, as stored. */
type RowColumns = Omit<ProductColumns, 'images' | 'imageColors' | 'imageAlts'>;

const FIELD_COLUMNS: { key: keyof RowColumns; column: string }[] = [
  { key: 'name', column: 'name' },
  { key: 'description', column: 'description' },
  { key: 'brand', column: 'brand' },
  { key: 'gender', column: 'gender' },
  { key: 'category', column: 'category' },
  { key: 'subCategory', column: 'subCategory' },
  { key: 'type', column: 'type' },
  { key: 'pricePaise', column: 'price' },
  { key: 'mrpPaise', column: 'mrp' },
  { key: 'status', column: 'status' },
  { key: 'hsn', column: 'hsn' },
  { key: 'isRefundable', column: 'isRefundable' },
];

type KeyFields = Pick<RowColumns, 'name' | 'brand' | 'gender' | 'category'>;

/** What names a product among new rows: its name, brand, gender and category, trimmed and in lower case. */
export function productKeyFieldsOf(product: KeyFields): KeyFields {
  const key = (text: string) => text.trim().toLowerCase();
  return {
    name: key(product.name),
    brand: key(product.brand),
    gender: key(product.gender),
    category: key(product.category),
  };
}

/** productKeyFieldsOf as one string, for a map. */
export function productKeyOf(product: KeyFields): string {
  const { name, brand, gender, category } = productKeyFieldsOf(product);
  return [name, brand, gender, category].join('\u0000');
}

function columnsOf(row: ProductCsvRow): RowColumns {
  return {
    name: row.name,
    description: row.description,
    brand: row.brand,
    gender: row.gender,
    category: row.category,
    subCategory: row.subCategory,
    type: row.type,
    pricePaise: toPaise(row.price),
    mrpPaise: toPaise(row.mrp),
    status: row.status,
    hsn: row.hsn,
    isRefundable: row.isRefundable,
  };
}

const variantOf = (row: ProductCsvRow): VariantRow => ({
  sku: row.sku,
  color: row.color,
  size: row.size,
  countInStock: row.countInStock,
});

const sameVariant = (a: VariantRow, b: VariantRow) =>
  a.color === b.color && a.size === b.size && a.countInStock === b.countInStock;

/** The first product field on which two sets of columns differ. */
function firstDifference(a: RowColumns, b: RowColumns): string | undefined {
  return FIELD_COLUMNS.find(({ key }) => a[key] !== b[key])?.column;
}

/** What the catalog holds of the products an import may touch. */
export interface ImportCatalog {
  /** The product holding each SKU of the file that exists. */
  skuOwners: Map<string, string>;
  /** Those products, and the products whose key a row with a new SKU names. */
  products: Map<string, AdminProductRow>;
}

export interface ImportPlan {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  newProducts: { id: string; columns: RowColumns; variants: VariantRow[] }[];
  /** Changed products: their columns and all their variants afterwards, in order. */
  changedProducts: { before: AdminProductRow; columns: RowColumns; variants: VariantRow[] }[];
}

/** One product of the file: the catalog's (`existing`) or a new one, with its rows. */
interface Group {
  existing?: AdminProductRow;
  rows: ProductCsvRow[];
}

/** Plans the import of valid rows against the catalog; `newId` names each new product. */
export function planImport(
  rows: readonly ProductCsvRow[],
  catalog: ImportCatalog,
  newId: () => string,
): ImportPlan {
  const errors: ImportError[] = [];
  const firstRowOfSku = new Map<string, number>();
  const unique = rows.filter((row) => {
    const first = firstRowOfSku.get(row.sku);
    if (first === undefined) {
      firstRowOfSku.set(row.sku, row.row);
      return true;
    }
    errors.push({ row: row.row, column: 'sku', message: `SKU ${row.sku} is on row ${first} too.` });
    return false;
  });

  // Products the file names by SKU, and under which keys; then the catalog's other products by key.
  const groups = new Map<string, Group>();
  const join = (productId: string, row: ProductCsvRow) => {
    const group = groups.get(productId) ?? { existing: catalog.products.get(productId), rows: [] };
    group.rows.push(row);
    groups.set(productId, group);
  };
  const productsOfKey = new Map<string, Set<string>>();
  const name = (key: string, productId: string) =>
    productsOfKey.set(key, (productsOfKey.get(key) ?? new Set()).add(productId));
  for (const row of unique) {
    const owner = catalog.skuOwners.get(row.sku);
    if (owner === undefined) continue;
    join(owner, row);
    name(productKeyOf(columnsOf(row)), owner);
  }
  for (const product of catalog.products.values()) {
    if (!groups.has(product.id)) name(productKeyOf(product), product.id);
  }

  const newGroups = new Map<string, Group>();
  for (const row of unique) {
    if (catalog.skuOwners.has(row.sku)) continue;
    const key = productKeyOf(columnsOf(row));
    const candidates = [...(productsOfKey.get(key) ?? [])];
    if (candidates.length > 1) {
      errors.push({
        row: row.row,
        column: 'name',
        message:
          'Several products have this name, brand, gender and category: give the new variant in the product’s own page.',
      });
      continue;
    }
    const [productId] = candidates;
    if (productId !== undefined) join(productId, row);
    else {
      const group = newGroups.get(key) ?? { rows: [] };
      group.rows.push(row);
      newGroups.set(key, group);
    }
  }

  const plan: ImportPlan = {
    created: 0,
    updated: 0,
    unchanged: 0,
    errors,
    newProducts: [],
    changedProducts: [],
  };
  for (const group of [...groups.values(), ...newGroups.values()]) planGroup(group, plan, newId);
  plan.errors.sort((a, b) => a.row - b.row);
  return plan;
}

/** Adds one product's rows to the plan: checks them, counts them, and lists what to write. */
function planGroup({ existing, rows }: Group, plan: ImportPlan, newId: () => string): void {
  const [first] = rows;
  if (!first) return;
  const columns = columnsOf(first);
  let consistent = true;
  for (const row of rows.slice(1)) {
    const column = firstDifference(columns, columnsOf(row));
    if (column === undefined) continue;
    consistent = false;
    plan.errors.push({
      row: row.row,
      column,
      message: `The ${column} differs from row ${first.row}, which describes the same product.`,
    });
  }

  const fromFile = new Map(rows.map((row) => [row.sku, row]));
  const kept = (existing?.variants ?? []).map((variant) => {
    const row = fromFile.get(variant.sku);
    return row ? variantOf(row) : variant;
  });
  const known = new Set(kept.map((variant) => variant.sku));
  const added = rows.filter((row) => !known.has(row.sku));
  const variants = [...kept, ...added.map(variantOf)];
  if (!checkVariants(variants, fromFile, plan) || !consistent) return;
  if (variants.length > PRODUCT_LIMITS.variants) {
    plan.errors.push({
      row: (added[0] ?? first).row,
      column: 'sku',
      message: `A product holds at most ${PRODUCT_LIMITS.variants} variants.`,
    });
    return;
  }

  if (!existing) {
    plan.created += rows.length;
    plan.newProducts.push({ id: newId(), columns, variants });
    return;
  }
  const fieldsChanged = firstDifference(existing, columns) !== undefined;
  const before = new Map(existing.variants.map((variant) => [variant.sku, variant]));
  let changed = fieldsChanged;
  for (const row of rows) {
    const was = before.get(row.sku);
    if (!was) plan.created += 1;
    else if (fieldsChanged || !sameVariant(was, variantOf(row))) plan.updated += 1;
    else {
      plan.unchanged += 1;
      continue;
    }
    changed = true;
  }
  if (changed) plan.changedProducts.push({ before: existing, columns, variants });
}

/** False, with an error on the row, when two variants of the product would share a colour and size. */
function checkVariants(
  variants: readonly VariantRow[],
  fromFile: Map<string, ProductCsvRow>,
  plan: ImportPlan,
): boolean {
  const skuOfOption = new Map<string, string>();
  let ok = true;
  for (const variant of variants) {
    const option = `${variant.color.toLowerCase()}\u0000${variant.size.toLowerCase()}`;
    const other = skuOfOption.get(option);
    if (other === undefined) {
      skuOfOption.set(option, variant.sku);
      continue;
    }
    ok = false;
    const row = fromFile.get(variant.sku) ?? fromFile.get(other);
    plan.errors.push({
      row: row?.row ?? 0,
      column: 'size',
      message: `Colour ${variant.color}, size ${variant.size} is SKU ${other} of this product already.`,
    });
  }
  return ok;
}
