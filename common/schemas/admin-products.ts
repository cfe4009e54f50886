import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { genderSchema, productSummarySchema } from './catalog';
import { multiLine, singleLine } from './text';

/**
 * The staff API for products (`API.admin.products…` in common/api-paths.ts): payloads, answers, limits
 * and texts, shared by the server routes and the admin screens.
 */

/** Only `active` products are in the shop; `draft` ones are being prepared, `archived` ones left it. */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof productStatusSchema>;

export const PRODUCT_LIMITS = {
  nameMax: 120,
  descriptionMax: 5000,
  /** Brand, category, sub-category and type. */
  labelMax: 60,
  /** Colour and size. */
  optionMax: 40,
  skuMax: 64,
  altMax: 250,
  variants: 100,
  images: 20,
  /** Units of one variant; more is a typing slip rather than a warehouse. */
  stockMax: 1_000_000,
  /** Rupees: a crore. */
  priceMax: 10_000_000,
  /** A product photo straight from a camera is 3–12 MB; larger files are refused before they are read (413). */
  imageMaxBytes: 15 * 1024 * 1024,
  /** Products one bulk action may change. */
  bulkIds: 500,
  /** A bulk price change, in percent either way. */
  percentMin: -90,
  percentMax: 100,
  /** A variant with this many units or fewer is running low (`stock=low`). */
  lowStockUnits: 5,
  /** The largest CSV import: about 60,000 rows of this shop's products. */
  csvMaxBytes: 20 * 1024 * 1024,
} as const;

export const ADMIN_PRODUCT_MESSAGES = {
  notFound: 'Product not found.',
  imageNotFound: 'This product has no such image.',
  staleVersion:
    'Someone else changed this product since you opened it. Reload it to see their changes, then make yours again.',
  mrpBelowPrice: 'The MRP cannot be below the price.',
  twoDecimals: 'Use rupees with at most two decimals.',
  hsn: 'The HSN code is 4 or 6 digits.',
  sku: 'Use capital letters, digits and . _ / - (starting with a letter or digit).',
  skuRepeated: 'This SKU is used twice in this product.',
  optionRepeated: 'This colour and size are listed twice.',
  skuTaken: (sku: string, product: string) => `SKU ${sku} is already used by “${product}”.`,
  imagesMismatch: "List each of the product's images once: upload new ones and delete old ones separately.",
  imageColor: 'Choose one of the colours of the product, or none.',
  tooManyImages: `A product holds at most ${PRODUCT_LIMITS.images} images.`,
  percentNeeded: 'Give the price change in percent.',
  percentOnlyForPrice: 'Only a price change takes a percent.',
  priceAboveMrp: (name: string) => `The new price of “${name}” would be above its MRP.`,
  unknownIds: 'Some of these products do not exist.',
  csvContentType: 'Send the CSV as the body, with Content-Type: text/csv.',
  csvTooLarge: `The CSV file is too large: at most ${PRODUCT_LIMITS.csvMaxBytes / (1024 * 1024)} MB.`,
  imageTooLarge: `The picture is too large. Please choose one of at most ${PRODUCT_LIMITS.imageMaxBytes / (1024 * 1024)} MB.`,
  unsupportedImage: 'Please choose a JPEG, PNG or WebP picture.',
  unreadableImage: 'This picture could not be read. Please choose another JPEG, PNG or WebP picture.',
  notMultipart: 'Send the picture as a multipart form with the file in the field “image”.',
  oneImage: 'Please attach one picture in the field “image”.',
} as const;

const label = (max: number) => singleLine().trim().min(1, 'Required.').max(max);

/** Rupees as the API sends them: positive, at most two decimals, at most a crore. */
export const rupees = z
  .number()
  // At least one paisa: a tiny positive number would round to a price of nothing.
  .min(0.01)
  .max(PRODUCT_LIMITS.priceMax)
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    ADMIN_PRODUCT_MESSAGES.twoDecimals,
  );

/** SKUs compare in capitals: `kt-01` and `KT-01` name the same variant. */
export const skuSchema = singleLine()
  .trim()
  .toUpperCase()
  .min(1, 'Required.')
  .max(PRODUCT_LIMITS.skuMax)
  .regex(/^[A-Z0-9][A-Z0-9._/-]*$/, ADMIN_PRODUCT_MESSAGES.sku);

/** A GST HSN code: 4 digits, or 6 for a shop above ₹5 crore turnover; null until staff enter it. */
export const hsnSchema = z
  .string()
  .trim()
  .regex(/^\d{4}(\d{2})?$/, ADMIN_PRODUCT_MESSAGES.hsn)
  .nullable();

export const adminVariantSchema = z.object({
  sku: skuSchema,
  color: label(PRODUCT_LIMITS.optionMax),
  size: label(PRODUCT_LIMITS.optionMax),
  countInStock: z.number().int().min(0).max(PRODUCT_LIMITS.stockMax),
});
export type AdminVariant = z.output<typeof adminVariantSchema>;

/** A product's variants: at least one, each SKU and each colour + size once. */
const variantsSchema = z
  .array(adminVariantSchema)
  .min(1, 'A product needs at least one variant.')
  .max(PRODUCT_LIMITS.variants)
  .superRefine((variants, ctx) => {
    const skus = new Set<string>();
    const options = new Set<string>();
    variants.forEach((variant, i) => {
      if (skus.has(variant.sku)) {
        ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: ADMIN_PRODUCT_MESSAGES.skuRepeated });
      }
      const option = `${variant.color.toLowerCase()}\u0000${variant.size.toLowerCase()}`;
      if (options.has(option)) {
        ctx.addIssue({ code: 'custom', path: [i, 'size'], message: ADMIN_PRODUCT_MESSAGES.optionRepeated });
      }
      skus.add(variant.sku);
      options.add(option);
    });
  });

/** The fields of a product staff edit, besides its variants and images. */
export const productFieldsSchema = z.object({
  name: label(PRODUCT_LIMITS.nameMax),
  description: multiLine().trim().max(PRODUCT_LIMITS.descriptionMax),
  brand: label(PRODUCT_LIMITS.labelMax),
  gender: genderSchema,
  category: label(PRODUCT_LIMITS.labelMax),
  subCategory: label(PRODUCT_LIMITS.labelMax),
  type: label(PRODUCT_LIMITS.labelMax),
  price: rupees,
  mrp: rupees,
  hsn: hsnSchema,
  isRefundable: z.boolean(),
  status: productStatusSchema,
});
export type ProductFields = z.output<typeof productFieldsSchema>;

/** The MRP is the most a product may sell for in India, so the price may not exceed it. */
function mrpNotBelowPrice(product: { price?: number; mrp?: number }, ctx: z.RefinementCtx): void {
  if (product.price !== undefined && product.mrp !== undefined && product.mrp < product.price) {
    ctx.addIssue({ code: 'custom', path: ['mrp'], message: ADMIN_PRODUCT_MESSAGES.mrpBelowPrice });
  }
}

/** `POST /api/admin/products`. A new product is a draft unless told otherwise; HSN may come later. */
export const createProductSchema = productFieldsSchema
  .extend({
    hsn: hsnSchema.default(null),
    isRefundable: z.boolean().default(false),
    status: productStatusSchema.default('draft'),
    variants: variantsSchema,
  })
  .superRefine(mrpNotBelowPrice);
export type CreateProduct = z.output<typeof createProductSchema>;

/** One entry of `images` in a PATCH: an image the product holds, in its new place, with its alt text and colour. */
export const imageChangeSchema = z.object({
  _id: z.string().min(1).max(100),
  alt: singleLine().trim().max(PRODUCT_LIMITS.altMax).optional(),
  /** A colour of the product's variants, or '' for an image of no one colour. */
  color: singleLine().trim().max(PRODUCT_LIMITS.optionMax).optional(),
});
export type ImageChange = z.output<typeof imageChangeSchema>;

/**
 * `PATCH /api/admin/products/{id}`: any of the fields, with the `version` the change was made on. A
 * `variants` list replaces the variants (matched by SKU: a SKU left out is removed); an `images` list
 * orders the product's images and sets their alt text and colour.
 */
export const updateProductSchema = productFieldsSchema
  .partial()
  .extend({
    version: z.number().int().min(1),
    variants: variantsSchema.optional(),
    images: z.array(imageChangeSchema).max(PRODUCT_LIMITS.images).optional(),
  })
  .superRefine(mrpNotBelowPrice);
export type UpdateProduct = z.output<typeof updateProductSchema>;

export const adminProductImageSchema = z.object({
  _id: z.string(),
  /** The large rendition; common/images.ts names the small one. */
  url: z.string(),
  color: z.string(),
  alt: z.string(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

/** A product as staff see and edit it. */
export const adminProductSchema = productFieldsSchema
  .extend({
    _id: z.string(),
    hsn: z.string().nullable(),
    version: z.number().int(),
    images: z.array(adminProductImageSchema),
    variants: z.array(
      z.object({ sku: z.string(), color: z.string(), size: z.string(), countInStock: z.number().int() }),
    ),
    countInStock: z.number().int(),
    rating: z.number(),
    numReviews: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductAnswerSchema = z.object({ product: adminProductSchema });

/** A row of the staff product table: the shop's summary without the reviews, with what staff track. */
export const adminProductSummarySchema = productSummarySchema
  .omit({ rating: true, numReviews: true })
  .extend({
    status: productStatusSchema,
    variantCount: z.number().int(),
    /** Variants with at most PRODUCT_LIMITS.lowStockUnits units, sold-out ones included. */
    lowStockVariants: z.number().int(),
    version: z.number().int(),
    updatedAt: z.string(),
  });
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

const optionalFilter = (max: number) =>
  singleLine()
    .trim()
    .max(max)
    .optional()
    .transform((s) => (s ? s : undefined));

/**
 * `GET /api/admin/products?q=&status=&category=&stock=low|out&page=&limit=`: `q` matches the name,
 * the brand or the start of a SKU; `stock=out` is a product with no unit left, `stock=low` one that
 * still sells but has a variant at PRODUCT_LIMITS.lowStockUnits or fewer.
 */
export const adminProductsQuerySchema = z.object({
  q: optionalFilter(100),
  status: productStatusSchema.optional(),
  category: optionalFilter(PRODUCT_LIMITS.labelMax),
  stock: z.enum(['low', 'out']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;

export const adminProductsSchema = z.object({
  products: z.array(adminProductSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AdminProducts = z.infer<typeof adminProductsSchema>;

export const adminProductParamsSchema = z.object({ id: z.string() });
export const adminProductImageParamsSchema = z.object({ id: z.string(), imageId: z.string() });

export const BULK_ACTIONS = ['activate', 'draft', 'archive', 'price'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `POST /api/admin/products/bulk`: a status for every named product, or their prices changed by
 * `percent` (-10 takes 10 % off; prices are rounded to whole rupees and never pass the MRP).
 */
export const bulkProductsSchema = z
  .object({
    ids: z
      .array(z.uuid().toLowerCase())
      .min(1)
      .max(PRODUCT_LIMITS.bulkIds)
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(BULK_ACTIONS),
    percent: z.number().min(PRODUCT_LIMITS.percentMin).max(PRODUCT_LIMITS.percentMax).optional(),
  })
  .superRefine((bulk, ctx) => {
    if (bulk.action === 'price' && (bulk.percent === undefined || bulk.percent === 0)) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: ADMIN_PRODUCT_MESSAGES.percentNeeded });
    }
    if (bulk.action !== 'price' && bulk.percent !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: ADMIN_PRODUCT_MESSAGES.percentOnlyForPrice,
      });
    }
  });
export type BulkProducts = z.output<typeof bulkProductsSchema>;

export const bulkResultSchema = z.object({ updated: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The product CSV's columns, in order: export writes this header, import requires it. */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'brand',
  'gender',
  'category',
  'subCategory',
  'type',
  'color',
  'size',
  'price',
  'mrp',
  'countInStock',
  'status',
  'hsn',
  'isRefundable',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

export const productImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** One problem of an import: `row` as a spreadsheet numbers it (the header is row 1), and the column. */
export const importErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * `POST /api/admin/products/import`: how many rows create a variant, change one (or its product), or
 * change nothing. With any error nothing is applied; the counts say what would have happened.
 */
export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The text fields of a picture upload: its alt text, and the colour it shows ('' for none). */
export const productImageFieldsSchema = z.object({
  alt: singleLine().trim().max(PRODUCT_LIMITS.altMax).default(''),
  color: singleLine().trim().max(PRODUCT_LIMITS.optionMax).default(''),
});

/** `POST /api/admin/products/{id}/images` as the OpenAPI document shows it; the route reads the parts itself. */
export const productImageFormSchema = z.object({
  image: z.file().mime(['image/jpeg', 'image/png', 'image/webp']).max(PRODUCT_LIMITS.imageMaxBytes),
  alt: singleLine().max(PRODUCT_LIMITS.altMax).optional(),
  color: singleLine().max(PRODUCT_LIMITS.optionMax).optional(),
});

/** The upper-case word of `text`: letters and digits, runs of anything else as one dash. */
function skuPart(text: string): string {
  return (
    text
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'X'
  );
}

/**
 * A SKU for a variant that has none of its own: the product id's first 12 hex digits, colour and
 * size (`4F2A9C1E0B7D-SKY-BLUE-M`). Migration 0015 gave existing variants theirs by the same rule.
 */
export function defaultSku(productId: string, color: string, size: string): string {
  const prefix = productId.replaceAll('-', '').slice(0, 12).toUpperCase();
  return `${prefix}-${skuPart(color)}-${skuPart(size)}`.slice(0, 60);
}
