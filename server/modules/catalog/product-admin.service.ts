import { createHash, randomUUID } from 'node:crypto';
import { hasImageSizes, PRODUCT_IMAGE_PREFIX } from '../../../common/images';
import { toPaise } from '../../../common/money';
import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProduct,
  type AdminProducts,
  type AdminProductsQuery,
  type BulkAction,
  type BulkProducts,
  type CreateProduct,
  type ImageChange,
  type ImportResult,
  PRODUCT_LIMITS,
  type ProductStatus,
  type UpdateProduct,
} from '../../../common/schemas/admin-products';
import type { Db } from '../../db/client';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../errors';
import {
  type AdminProductRow,
  createProductAdminRepository,
  type ExportCursor,
  type ProductColumns,
  type VariantRow,
} from './product-admin.repository';
import { productBasics } from './product-basics';
import type { ProductCsvRow } from './product-csv';
import { type ImportPlan, planImport, productKeyFieldsOf, productKeyOf } from './product-import';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 409: the change was made on a copy of the product older than the stored one. */
class StaleVersionError extends ConflictError {
  constructor() {
    super(ADMIN_PRODUCT_MESSAGES.staleVersion, 'STALE_VERSION');
  }
}

/** 409: a SKU of the change belongs to another product; `errors` names each field. */
class SkuTakenError extends DomainError {
  constructor(errors: { path: string; msg: string }[]) {
    super(409, errors[0]?.msg ?? 'This SKU is already used.', 'DUPLICATE_SKU', errors);
  }
}

/**
 * An image's id in the staff API: the file name's stem for pictures the shop names itself
 * (`/images/products/<stem>.webp`; an upload's stem is a UUID), a digest of the URL for any other.
 */
function imageIdOf(url: string): string {
  if (hasImageSizes(url)) return url.slice(PRODUCT_IMAGE_PREFIX.length, -'.webp'.length);
  return `u${createHash('sha256').update(url).digest('hex').slice(0, 20)}`;
}

/** The product as the staff API answers it. */
function adminProductOf(row: AdminProductRow): AdminProduct {
  return {
    ...productBasics(row),
    description: row.description,
    hsn: row.hsn,
    isRefundable: row.isRefundable,
    status: row.status,
    version: row.version,
    images: row.images.map((url, i) => ({
      _id: imageIdOf(url),
      url,
      color: row.imageColors[i] ?? '',
      alt: row.imageAlts[i] ?? '',
    })),
    variants: row.variants,
    countInStock: row.variants.reduce((units, variant) => units + variant.countInStock, 0),
    rating: row.rating,
    numReviews: row.numReviews,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a product: what staff edit, without ids, counters and times. */
export type AuditState = Omit<
  AdminProduct,
  '_id' | 'version' | 'countInStock' | 'rating' | 'numReviews' | 'createdAt' | 'updatedAt'
>;

function auditStateOf(product: AdminProduct): AuditState {
  const { _id, version, countInStock, rating, numReviews, createdAt, updatedAt, ...state } = product;
  return state;
}

/** The fields that differ between two states, each side holding only those: what an audit entry shows. */
function changedFields(
  before: AuditState,
  after: AuditState,
): { before: Partial<AuditState>; after: Partial<AuditState> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after) as (keyof AuditState)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changed.before[key] = before[key];
      changed.after[key] = after[key];
    }
  }
  return changed as { before: Partial<AuditState>; after: Partial<AuditState> };
}

/**
 * A staff change of one product: the product afterwards, and the fields that changed (`before` is null
 * for a new product; both are empty when the change left the product as it was).
 */
export interface ProductChange {
  product: AdminProduct;
  before: Partial<AuditState> | null;
  after: Partial<AuditState>;
}

/** True unless the change left the product as it was (nothing to record). */
export function changedSomething(change: ProductChange): boolean {
  return Object.keys(change.after).length > 0;
}

function variantsOf(variants: CreateProduct['variants']): VariantRow[] {
  return variants.map(({ sku, color, size, countInStock }) => ({ sku, color, size, countInStock }));
}

/** The product's colour spelled as its variants spell it, '' for none; undefined when it has no such colour. */
function colorOf(variants: readonly VariantRow[], color: string): string | undefined {
  if (color === '') return '';
  return variants.find((variant) => variant.color.toLowerCase() === color.toLowerCase())?.color;
}

/** The image arrays in the order and with the alt texts and colours of `changes`; 422 unless it names each image once. */
function reorderedImages(
  row: AdminProductRow,
  changes: readonly ImageChange[],
  variants: readonly VariantRow[],
): Pick<ProductColumns, 'images' | 'imageColors' | 'imageAlts'> {
  const ids = row.images.map(imageIdOf);
  const named = new Set(changes.map((change) => change._id));
  if (changes.length !== ids.length || named.size !== ids.length || ids.some((id) => !named.has(id))) {
    throw new ValidationError([{ path: 'images', msg: ADMIN_PRODUCT_MESSAGES.imagesMismatch }]);
  }
  const columns = { images: [] as string[], imageColors: [] as string[], imageAlts: [] as string[] };
  changes.forEach((change, position) => {
    const i = ids.indexOf(change._id);
    const color = colorOf(variants, change.color ?? row.imageColors[i] ?? '');
    if (color === undefined) {
      throw new ValidationError([
        { path: `images.${position}.color`, msg: ADMIN_PRODUCT_MESSAGES.imageColor },
      ]);
    }
    columns.images.push(row.images[i] as string);
    columns.imageColors.push(color);
    columns.imageAlts.push(change.alt ?? row.imageAlts[i] ?? '');
  });
  return columns;
}

/** The image arrays padded to one entry per image (rows from before colours and alt texts have fewer). */
function imageColumnsOf(row: AdminProductRow): Pick<ProductColumns, 'images' | 'imageColors' | 'imageAlts'> {
  return {
    images: [...row.images],
    imageColors: row.images.map((_, i) => row.imageColors[i] ?? ''),
    imageAlts: row.images.map((_, i) => row.imageAlts[i] ?? ''),
  };
}

/** The status each bulk action other than `price` sets. */
const BULK_STATUS = {
  activate: 'active',
  draft: 'draft',
  archive: 'archived',
} as const satisfies Record<Exclude<BulkAction, 'price'>, ProductStatus>;

/** The new price of a bulk change: whole rupees, at least ₹1. */
function priceAfterPercent(pricePaise: number, percent: number): number {
  return Math.max(100, Math.round((pricePaise * (100 + percent)) / 100 / 100) * 100);
}

/**
 * The staff side of the catalog: every product whatever its status, and the changes staff make. Each
 * write locks the product first and checks the `version` it was given; flows run these on their
 * transaction, with the audit record beside them (server/flows/product-changes.ts).
 */
export function createProductAdminService(db: Db, { now }: { now: () => Date }) {
  const repository = createProductAdminRepository(db);

  async function find(id: string): Promise<AdminProductRow> {
    const row = UUID.test(id) ? await repository.findById(id.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(ADMIN_PRODUCT_MESSAGES.notFound);
    return row;
  }

  /** The product, read after its locks were granted, so it holds every change committed before. */
  async function locked(id: string): Promise<AdminProductRow> {
    const { id: found } = await find(id);
    await repository.lockForChange(found);
    return find(found);
  }

  /** 409 naming each variant whose SKU another product holds. */
  async function ensureSkusFree(variants: readonly VariantRow[], productId?: string): Promise<void> {
    const owners = await repository.skuOwners(
      variants.map((variant) => variant.sku),
      productId,
    );
    if (owners.length === 0) return;
    const ownerOf = new Map(owners.map((owner) => [owner.sku, owner.name]));
    throw new SkuTakenError(
      variants.flatMap((variant, i) => {
        const owner = ownerOf.get(variant.sku);
        return owner === undefined
          ? []
          : [{ path: `variants.${i}.sku`, msg: ADMIN_PRODUCT_MESSAGES.skuTaken(variant.sku, owner) }];
      }),
    );
  }

  /**
   * Writes `columns` (and `variants`, when given) unless they leave the product as it was (no new
   * version then); answers the change.
   */
  async function write(
    row: AdminProductRow,
    columns: Partial<ProductColumns>,
    variants?: VariantRow[],
  ): Promise<ProductChange> {
    const before = adminProductOf(row);
    const planned = adminProductOf({ ...row, ...columns, variants: variants ?? row.variants });
    const { before: was, after: is } = changedFields(auditStateOf(before), auditStateOf(planned));
    if (Object.keys(is).length === 0) return { product: before, before: {}, after: {} };
    await repository.update(row.id, columns, now());
    if (variants)
      await repository.replaceVariants([{ productId: row.id, current: row.variants, next: variants }]);
    return { product: adminProductOf(await find(row.id)), before: was, after: is };
  }

  /** The plan of an import, from what the catalog holds of the SKUs and product names the rows give. */
  async function planFor(rows: readonly ProductCsvRow[]): Promise<ImportPlan> {
    const owners = await repository.ownersOfSkus([...new Set(rows.map((row) => row.sku))]);
    const skuOwners = new Map(owners.map((owner) => [owner.sku, owner.productId]));
    const keys = new Map<string, ReturnType<typeof productKeyFieldsOf>>();
    for (const row of rows) {
      if (!skuOwners.has(row.sku)) keys.set(productKeyOf(row), productKeyFieldsOf(row));
    }
    const found = [
      ...(await repository.findMany([...new Set(skuOwners.values())])),
      ...(await repository.findByKeys([...keys.values()])),
    ];
    return planImport(rows, { skuOwners, products: new Map(found.map((row) => [row.id, row])) }, randomUUID);
  }

  /** Writes a plan without problems; answers a change per product, as the audit log records it. */
  async function applyPlan(plan: ImportPlan): Promise<ProductChange[]> {
    const at = now();
    const noImages = { images: [], imageColors: [], imageAlts: [] };
    await repository.insertMany(
      plan.newProducts.map(({ id, columns, variants }) => ({
        id,
        columns: { ...columns, ...noImages },
        variants,
      })),
      at,
    );
    await repository.updateColumnsOfMany(
      plan.changedProducts.map(({ before, columns }) => ({ id: before.id, columns })),
      at,
    );
    await repository.replaceVariants(
      plan.changedProducts.map(({ before, variants }) => ({
        productId: before.id,
        current: before.variants,
        next: variants,
      })),
    );
    const created = plan.newProducts.map(({ id, columns, variants }) => {
      const product = adminProductOf({
        id,
        ...columns,
        ...noImages,
        variants,
        version: 1,
        rating: 0,
        numReviews: 0,
        createdAt: at,
        updatedAt: at,
      });
      return { product, before: null, after: auditStateOf(product) };
    });
    const changed = plan.changedProducts.map(({ before, columns, variants }) => {
      const product = adminProductOf({
        ...before,
        ...columns,
        variants,
        version: before.version + 1,
        updatedAt: at,
      });
      return { product, ...changedFields(auditStateOf(adminProductOf(before)), auditStateOf(product)) };
    });
    return [...created, ...changed];
  }

  return {
    async list(query: AdminProductsQuery): Promise<AdminProducts> {
      const { rows, total } = await repository.list(
        {
          q: query.q,
          status: query.status,
          category: query.category,
          stock: query.stock,
          lowStockUnits: PRODUCT_LIMITS.lowStockUnits,
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return {
        products: rows.map((row) => ({
          ...productBasics(row),
          status: row.status,
          image: row.image,
          countInStock: row.countInStock,
          variantCount: row.variantCount,
          lowStockVariants: row.lowStockVariants,
          version: row.version,
          updatedAt: row.updatedAt.toISOString(),
        })),
        page: query.page,
        pages: Math.ceil(total / query.limit),
        total,
      };
    },

    /** Any product, whatever its status; 404 for an unknown or malformed id. */
    async get(id: string): Promise<AdminProduct> {
      return adminProductOf(await find(id));
    },

    /** A new product with its variants; 409 when one of its SKUs is taken. */
    async create(input: CreateProduct): Promise<ProductChange> {
      const variants = variantsOf(input.variants);
      await ensureSkusFree(variants);
      const id = await repository.insert(
        {
          name: input.name,
          description: input.description,
          brand: input.brand,
          gender: input.gender,
          category: input.category,
          subCategory: input.subCategory,
          type: input.type,
          pricePaise: toPaise(input.price),
          mrpPaise: toPaise(input.mrp),
          hsn: input.hsn,
          isRefundable: input.isRefundable,
          status: input.status,
          images: [],
          imageColors: [],
          imageAlts: [],
        },
        variants,
        now(),
      );
      const product = adminProductOf(await find(id));
      return { product, before: null, after: auditStateOf(product) };
    },

    /**
     * Changes the fields given, made on `version`: 409 when the product has moved on since (nothing is
     * written), 422 when the MRP would fall below the price or `images` does not name each image once,
     * 409 for a SKU of another product.
     */
    async update(id: string, patch: UpdateProduct): Promise<ProductChange> {
      const row = await locked(id);
      if (row.version !== patch.version) throw new StaleVersionError();
      const { version: _version, variants: variantInput, images, price, mrp, ...fields } = patch;
      const pricePaise = price === undefined ? row.pricePaise : toPaise(price);
      const mrpPaise = mrp === undefined ? row.mrpPaise : toPaise(mrp);
      if (mrpPaise < pricePaise) {
        throw new ValidationError([
          { path: mrp === undefined ? 'price' : 'mrp', msg: ADMIN_PRODUCT_MESSAGES.mrpBelowPrice },
        ]);
      }
      const variants = variantInput && variantsOf(variantInput);
      if (variants) await ensureSkusFree(variants, row.id);
      const columns: Partial<ProductColumns> = {
        ...fields,
        ...(price === undefined ? {} : { pricePaise }),
        ...(mrp === undefined ? {} : { mrpPaise }),
        ...(images ? reorderedImages(row, images, variants ?? row.variants) : {}),
      };
      return write(row, columns, variants);
    },

    /** Moves the product to `status` (no change when it is there already). */
    async setStatus(id: string, status: ProductStatus): Promise<ProductChange> {
      return write(await locked(id), { status });
    },

    /**
     * A bulk action on many products (docs in common/schemas/admin-products.ts): 422 naming the
     * unknown ids, or the products whose new price would pass their MRP, before anything is written.
     * Answers a change per product that changed.
     */
    async bulk({ ids, action, percent }: BulkProducts): Promise<ProductChange[]> {
      const rows = await repository.lockMany(ids);
      const found = new Set(rows.map((row) => row.id));
      const unknown = ids.flatMap((id, i) =>
        found.has(id) ? [] : [{ path: `ids.${i}`, msg: ADMIN_PRODUCT_MESSAGES.unknownIds }],
      );
      if (unknown.length > 0) throw new ValidationError(unknown, ADMIN_PRODUCT_MESSAGES.unknownIds);

      const planned = rows.map((row) => ({
        row,
        columns:
          action === 'price'
            ? { pricePaise: priceAfterPercent(row.pricePaise, percent ?? 0) }
            : { status: BULK_STATUS[action] },
      }));
      const aboveMrp = planned.flatMap(({ row, columns }) =>
        (columns.pricePaise ?? 0) > row.mrpPaise
          ? [{ path: `ids.${ids.indexOf(row.id)}`, msg: ADMIN_PRODUCT_MESSAGES.priceAboveMrp(row.name) }]
          : [],
      );
      if (aboveMrp.length > 0) throw new ValidationError(aboveMrp);

      const changes = planned.flatMap(({ row, columns }) => {
        const before = adminProductOf(row);
        const after = adminProductOf({ ...row, ...columns, version: row.version + 1 });
        const changed = changedFields(auditStateOf(before), auditStateOf(after));
        return Object.keys(changed.after).length === 0 ? [] : [{ id: row.id, columns, changed, after }];
      });
      const at = now();
      await repository.updateMany(
        changes.map(({ id, columns }) => ({ id, ...columns })),
        at,
      );
      return changes.map(({ changed, after }) => ({
        product: { ...after, updatedAt: at.toISOString() },
        ...changed,
      }));
    },

    /** Adds a stored picture at the end of the product's images; 422 past PRODUCT_LIMITS.images or for an unknown colour. */
    async addImage(id: string, image: { url: string; color: string; alt: string }): Promise<ProductChange> {
      const row = await locked(id);
      if (row.images.length >= PRODUCT_LIMITS.images) {
        throw new ValidationError([{ path: 'image', msg: ADMIN_PRODUCT_MESSAGES.tooManyImages }]);
      }
      const color = colorOf(row.variants, image.color);
      if (color === undefined) {
        throw new ValidationError([{ path: 'color', msg: ADMIN_PRODUCT_MESSAGES.imageColor }]);
      }
      const columns = imageColumnsOf(row);
      return write(row, {
        images: [...columns.images, image.url],
        imageColors: [...columns.imageColors, color],
        imageAlts: [...columns.imageAlts, image.alt],
      });
    },

    /** Takes an image off the product; 404 when it holds no such image. Answers the change and the image's URL. */
    async removeImage(id: string, imageId: string): Promise<ProductChange & { url: string }> {
      const row = await locked(id);
      const i = row.images.map(imageIdOf).indexOf(imageId);
      if (i < 0) throw new NotFoundError(ADMIN_PRODUCT_MESSAGES.imageNotFound);
      const without = <T>(list: T[]) => list.filter((_, at) => at !== i);
      const columns = imageColumnsOf(row);
      const change = await write(row, {
        images: without(columns.images),
        imageColors: without(columns.imageColors),
        imageAlts: without(columns.imageAlts),
      });
      return { ...change, url: row.images[i] as string };
    },

    /**
     * Imports checked CSV rows (product-import.ts says how rows become products): answers the counts
     * and the problems, and, when `apply` and there is no problem, writes everything and answers a
     * change per product. Applying locks the catalog's tables against other writers first, so call it
     * on a transaction's services, before anything else.
     */
    async importRows(
      rows: readonly ProductCsvRow[],
      { apply }: { apply: boolean },
    ): Promise<{ result: ImportResult; changes: ProductChange[] }> {
      if (apply) await repository.lockForImport();
      const plan = await planFor(rows);
      const result = {
        created: plan.created,
        updated: plan.updated,
        unchanged: plan.unchanged,
        errors: plan.errors,
      };
      if (!apply || plan.errors.length > 0) return { result, changes: [] };
      return { result, changes: await applyPlan(plan) };
    },

    /** Every product with its variants, a page at a time, oldest first: what the CSV export writes. */
    async *exportAll(pageSize = 500): AsyncGenerator<AdminProduct[]> {
      let cursor: ExportCursor | null = null;
      for (;;) {
        const rows = await repository.exportPage(cursor, pageSize);
        if (rows.length === 0) return;
        yield rows.map(adminProductOf);
        cursor = (rows.at(-1) as (typeof rows)[number]).cursor;
        if (rows.length < pageSize) return;
      }
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
