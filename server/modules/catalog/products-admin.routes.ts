import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../common/api-paths';
import {
  ADMIN_PRODUCT_MESSAGES,
  type AdminProduct,
  adminProductAnswerSchema,
  adminProductImageParamsSchema,
  adminProductParamsSchema,
  adminProductsQuerySchema,
  adminProductsSchema,
  type BulkProducts,
  type BulkResult,
  bulkProductsSchema,
  bulkResultSchema,
  type CreateProduct,
  createProductSchema,
  type ImportResult,
  importResultSchema,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_LIMITS,
  productImageFieldsSchema,
  productImageFormSchema,
  productImportQuerySchema,
  type UpdateProduct,
  updateProductSchema,
} from '../../../common/schemas/admin-products';
import { errorResponses } from '../../../common/schemas/errors';
import { DomainError, ValidationError } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import type { Actor } from '../audit/audit.service';
import type { ProductAdminService } from './product-admin.service';
import { CsvTooLargeError, productCsv, type ReadProductCsv, readProductCsv } from './product-csv';

/**
 * Staff changes to products: flows, because each also writes the audit log in its transaction and
 * drops the shop's cached answers (server/flows/product-changes.ts).
 */
export interface ProductChanges {
  create(actor: Actor, input: CreateProduct): Promise<AdminProduct>;
  update(actor: Actor, id: string, patch: UpdateProduct): Promise<AdminProduct>;
  archive(actor: Actor, id: string): Promise<AdminProduct>;
  bulk(actor: Actor, bulk: BulkProducts): Promise<BulkResult>;
  importProducts(actor: Actor, csv: ReadProductCsv, options: { dryRun: boolean }): Promise<ImportResult>;
  addImage(
    actor: Actor,
    id: string,
    upload: Buffer,
    fields: { alt: string; color: string },
  ): Promise<AdminProduct>;
  removeImage(actor: Actor, id: string, imageId: string): Promise<AdminProduct>;
}

export interface ProductsAdminRoutesOptions {
  products: Pick<ProductAdminService, 'list' | 'get' | 'exportAll'>;
  changes: ProductChanges;
}

/** 415: an import whose body is not sent as text/csv. */
class NotCsvError extends DomainError {
  constructor() {
    super(415, ADMIN_PRODUCT_MESSAGES.csvContentType, 'NOT_CSV');
  }
}

/** 413 from the Content-Length alone, before any of an import is read; a chunked body is counted as it streams. */
async function refuseOversizedCsv(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length'] ?? 0) > PRODUCT_LIMITS.csvMaxBytes)
    throw new CsvTooLargeError();
}

const csvHeader = PRODUCT_CSV_COLUMNS.join(',');

/** The picture upload: one file and two short fields, plus room for the multipart framing. */
const PICTURE_FORM_LIMITS = {
  fields: 4,
  fieldSize: 4 * 1024,
  fieldNameSize: 100,
  files: 1,
  parts: 6,
} as const;
const PICTURE_BODY_LIMIT = PRODUCT_LIMITS.imageMaxBytes + 64 * 1024;

/** 400, 413 or 415: a picture form that cannot be read as one. */
class PictureFormError extends DomainError {}

const pictureTooLarge = () =>
  new PictureFormError(413, ADMIN_PRODUCT_MESSAGES.imageTooLarge, 'IMAGE_TOO_LARGE');

/** 413 from the Content-Length alone, before any of a picture is read. */
async function refuseOversizedPicture(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length'] ?? 0) > PICTURE_BODY_LIMIT) throw pictureTooLarge();
}

/**
 * Reads the picture form: the file in field `image` (stopped at PRODUCT_LIMITS.imageMaxBytes, 413),
 * and `alt` and `color` checked by the shared schema (422 naming the field). A body that is not a
 * multipart form answers 415; one that breaks off or has other parts, 400.
 */
async function readPictureForm(
  request: FastifyRequest,
): Promise<{ upload: Buffer; alt: string; color: string }> {
  if (!request.isMultipart()) {
    throw new PictureFormError(415, ADMIN_PRODUCT_MESSAGES.notMultipart, 'UNSUPPORTED_IMAGE');
  }
  const fields: Record<string, string> = {};
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          throw new ValidationError([{ path: part.fieldname, msg: ADMIN_PRODUCT_MESSAGES.oneImage }]);
        }
        const data = await part.toBuffer();
        if (data.length > 0) upload = data;
      } else if (typeof part.value === 'string' && !part.valueTruncated) {
        fields[part.fieldname] = part.value;
      } else {
        throw new ValidationError([{ path: part.fieldname, msg: 'This field is too long.' }]);
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pictureTooLarge();
    throw new PictureFormError(400, 'The picture form could not be read.', 'BAD_FORM');
  }
  if (!upload) throw new ValidationError([{ path: 'image', msg: ADMIN_PRODUCT_MESSAGES.oneImage }]);
  const parsed = productImageFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), msg: issue.message })),
    );
  }
  return { upload, ...parsed.data };
}

const read = { permission: 'shop:read' } as const;
const write = { permission: 'catalog:write' } as const;

/**
 * The staff API for products, under /api/admin (registered in admin.routes.ts, whose guard answers
 * 401, 403 and the role check before these handlers run). Every role reads; changes need
 * `catalog:write` (owner and manager).
 */
export async function productsAdminRoutes(
  app: FastifyInstance,
  { products, changes }: ProductsAdminRoutesOptions,
) {
  // Known to these routes only; the picture upload is the one that reads it.
  await app.register(multipart, {
    limits: { ...PICTURE_FORM_LIMITS, fileSize: PRODUCT_LIMITS.imageMaxBytes },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API.admin.products,
    {
      schema: {
        summary: 'List products',
        description:
          'Every status, most recently changed first. `q` matches the name, brand or the start of a SKU; `stock=out` has no unit left, `stock=low` still sells but has a variant at 5 units or fewer.',
        tags: ['staff'],
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsSchema, ...errorResponses(401, 403, 422) },
      },
      config: read,
    },
    (request) => products.list(request.query),
  );

  routes.post(
    API.admin.products,
    {
      schema: {
        summary: 'Create a product',
        description:
          'With its variants; a draft unless `status` says otherwise. 409 `DUPLICATE_SKU` when a SKU belongs to another product (`errors` names the variant).',
        tags: ['staff'],
        body: createProductSchema,
        response: { 201: adminProductAnswerSchema, ...errorResponses(401, 403, 409, 422) },
      },
      config: write,
    },
    async (request, reply) => {
      const product = await changes.create(signedInUser(request), request.body);
      return reply.status(201).send({ product });
    },
  );

  routes.post(
    API.admin.productsBulk,
    {
      schema: {
        summary: 'Change many products at once',
        description:
          'Activate, draft or archive them, or change their prices by `percent` (rounded to whole rupees; 422 when a price would pass its MRP). Nothing changes when any id is unknown.',
        tags: ['staff'],
        body: bulkProductsSchema,
        response: { 200: bulkResultSchema, ...errorResponses(401, 403, 422) },
      },
      config: write,
    },
    (request) => changes.bulk(signedInUser(request), request.body),
  );

  // Untyped: the answer is a stream of CSV, which the JSON serializer never sees.
  app.get(
    API.admin.productsExport,
    {
      schema: {
        summary: 'Export products as CSV',
        description: `Every product, oldest first, one row per variant, with the header \`${csvHeader}\`. Prices in rupees; \`hsn\` empty when not entered yet. Cells a spreadsheet would run as a formula start with an apostrophe, which the import takes off again.`,
        tags: ['staff'],
        produces: ['text/csv'],
        response: { 200: z.string().meta({ description: 'The CSV file.' }), ...errorResponses(401, 403) },
      },
      config: read,
    },
    (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(productCsv(products.exportAll())),
  );

  routes.post(
    API.admin.productsImport,
    {
      onRequest: refuseOversizedCsv,
      schema: {
        summary: 'Import products from CSV',
        description: `The export's columns (\`${csvHeader}\`), as the body with Content-Type text/csv, at most 20 MB. Rows match variants by SKU; a new SKU joins the product with the same name, brand, gender and category (in the file or the shop), or makes a new one with the other rows naming it. Nothing is ever removed. With any error, or \`dryRun=true\`, nothing is written and the counts say what would have happened; \`row\` counts the header as row 1.`,
        tags: ['staff'],
        querystring: productImportQuerySchema,
        documentedBody: {
          contentType: 'text/csv',
          schema: z.string().meta({ description: 'The CSV file.' }),
        },
        response: { 200: importResultSchema, ...errorResponses(401, 403, 413, 415, 422) },
      },
      config: write,
    },
    async (request) => {
      if (!(request.body instanceof Readable)) throw new NotCsvError();
      const csv = await readProductCsv(request.body, { maxBytes: PRODUCT_LIMITS.csvMaxBytes });
      return changes.importProducts(signedInUser(request), csv, request.query);
    },
  );

  routes.get(
    API.admin.product.pattern,
    {
      schema: {
        summary: 'One product',
        description: 'Whatever its status, with its variants, images and `version`.',
        tags: ['staff'],
        params: adminProductParamsSchema,
        response: { 200: adminProductAnswerSchema, ...errorResponses(401, 403, 404) },
      },
      config: read,
    },
    async (request) => ({ product: await products.get(request.params.id) }),
  );

  routes.patch(
    API.admin.product.pattern,
    {
      schema: {
        summary: 'Change a product',
        description:
          'Any of the fields, with the `version` the change was made on: 409 `STALE_VERSION` when someone changed the product since (nothing is written). `variants` replaces the variants, matched by SKU; `images` orders the images and sets their alt text and colour.',
        tags: ['staff'],
        params: adminProductParamsSchema,
        body: updateProductSchema,
        response: { 200: adminProductAnswerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: write,
    },
    async (request) => ({
      product: await changes.update(signedInUser(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    API.admin.product.pattern,
    {
      schema: {
        summary: 'Archive a product',
        description:
          'Takes it out of the shop. Products are never deleted: their orders, reviews and audit history name them.',
        tags: ['staff'],
        params: adminProductParamsSchema,
        response: { 200: adminProductAnswerSchema, ...errorResponses(401, 403, 404) },
      },
      config: write,
    },
    async (request) => ({ product: await changes.archive(signedInUser(request), request.params.id) }),
  );

  routes.post(
    API.admin.productImages.pattern,
    {
      onRequest: refuseOversizedPicture,
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        summary: 'Add a picture to a product',
        description:
          'A multipart form: the picture in `image` (JPEG, PNG or WebP, checked by its content, at most 15 MB), with optional `alt` text and `color` (one of the product’s colours). It is re-encoded without its metadata into the shop’s two sizes (800×1000 and 400×500, cropped at the centre) and added after the other images.',
        tags: ['staff'],
        params: adminProductParamsSchema,
        documentedBody: { contentType: 'multipart/form-data', schema: productImageFormSchema },
        response: { 201: adminProductAnswerSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
      },
      config: write,
    },
    async (request, reply) => {
      // An unknown product answers 404 before the upload is read.
      await products.get(request.params.id);
      const { upload, alt, color } = await readPictureForm(request);
      const product = await changes.addImage(signedInUser(request), request.params.id, upload, {
        alt,
        color,
      });
      return reply.status(201).send({ product });
    },
  );

  routes.delete(
    API.admin.productImage.pattern,
    {
      schema: {
        summary: 'Remove a picture from a product',
        description:
          'Its files are deleted too, unless an order shows it (orders keep the picture of what was bought).',
        tags: ['staff'],
        params: adminProductImageParamsSchema,
        response: { 200: adminProductAnswerSchema, ...errorResponses(401, 403, 404) },
      },
      config: write,
    },
    async (request) => ({
      product: await changes.removeImage(signedInUser(request), request.params.id, request.params.imageId),
    }),
  );
}
