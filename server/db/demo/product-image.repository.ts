import { desc, sql } from 'drizzle-orm';
import { products, productVariants } from '../../modules/catalog/catalog.schema';
import type { Db } from '../client';
import type { ImageJob } from './product-images';

/** Where the image drawer reads what a product's pictures are drawn from. */
export interface ProductImageSource {
  /** The product that stores `url` (a large image URL) among its images, or null. */
  findByImage(url: string): Promise<ImageJob | null>;
  /** Every stored product, newest first. */
  listAll(): Promise<ImageJob[]>;
}

/**
 * The product fields an illustration needs, with the variant colours in display order gathered by a
 * subquery so each product is one row.
 */
function selectJobs(db: Db) {
  return db
    .select({
      name: products.name,
      category: products.category,
      subCategory: products.subCategory,
      type: products.type,
      images: products.images,
      imageColors: products.imageColors,
      colors: sql<
        string[]
      >`array(select ${productVariants.color} from ${productVariants} where ${productVariants.productId} = ${products.id} order by ${productVariants.position}, ${productVariants.color})`,
    })
    .from(products)
    .$dynamic();
}

type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['execute']>>[number];

function toJob({ images, imageColors, colors, ...subject }: JobRow): ImageJob {
  // A colour appears once per size in the variants; the drawing wants each colour once, first seen first.
  return { subject: { ...subject, colors: [...new Set(colors)] }, images, imageColors };
}

/**
 * Reads the catalog's products for the image drawer. It lives beside the seed (which owns the demo
 * pictures) rather than in the catalog module, and only reads.
 */
export function createProductImageRepository(db: Db): ProductImageSource {
  return {
    async findByImage(url) {
      const [row] = await selectJobs(db).where(sql`${url} = any(${products.images})`).limit(1);
      return row ? toJob(row) : null;
    },
    async listAll() {
      // Newest first: the home page opens with new arrivals, so those are drawn before the rest.
      const rows = await selectJobs(db).orderBy(desc(products.createdAt), products.id);
      return rows.map(toJob);
    },
  };
}
