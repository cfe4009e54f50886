import { groupImagesByColor, imageForColor } from '../../../common/color-images';
import { toPaise } from '../../../common/money';
import { defaultSku } from '../../../common/schemas/admin-products';
import type { Gender } from '../../../common/schemas/catalog';
import { products, productVariants } from '../../modules/catalog/catalog.schema';
import type { Db } from '../client';

/** A product as the seed and the tests describe it: rupees and variants, before it is stored. */
export interface ProductInput {
  name: string;
  description: string;
  brand: string;
  gender: Gender;
  category: string;
  subCategory: string;
  type: string;
  price: number;
  mrp: number;
  isRefundable: boolean;
  images: string[];
  /** The colour each of `images` shows, by position ('' for none); left out, the images show no one colour. */
  imageColors?: string[];
  /** Without a `sku`, a variant gets one from its product id, colour and size (defaultSku). */
  variants: { sku?: string; color: string; size: string; countInStock: number }[];
  /** `active` unless told. */
  status?: 'draft' | 'active' | 'archived';
  hsn?: string | null;
  rating?: number;
  numReviews?: number;
  soldCount?: number;
  createdAt?: Date;
}

let sequence = 0;

/** A valid product with sensible defaults; pass only what a test cares about. */
export function buildProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  sequence += 1;
  return {
    name: `Cotton Kurta ${sequence}`,
    description: 'A soft handloom cotton kurta for everyday wear.',
    brand: 'Pehnava',
    gender: 'Men',
    category: 'Clothing',
    subCategory: 'Ethnic Wear',
    type: 'Kurta',
    price: 999,
    mrp: 1499,
    isRefundable: true,
    images: [`/images/products/test-${sequence}.webp`],
    variants: [
      { color: 'White', size: 'M', countInStock: 10 },
      { color: 'White', size: 'L', countInStock: 5 },
    ],
    ...overrides,
  };
}

/** The picture an order line of `product` in `color` keeps, by the rule checkout applies. */
export function imageOfColor(product: Pick<ProductInput, 'images' | 'imageColors'>, color: string): string {
  return imageForColor(
    { images: product.images, colorImages: groupImagesByColor(product.images, product.imageColors ?? []) },
    color,
  );
}

/** Stores products with their variants in one transaction; returns their ids in the same order. */
export async function insertProducts(db: Db, inputs: ProductInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(products)
      .values(
        inputs.map((p) => ({
          name: p.name,
          description: p.description,
          brand: p.brand,
          gender: p.gender,
          category: p.category,
          subCategory: p.subCategory,
          type: p.type,
          pricePaise: toPaise(p.price),
          mrpPaise: toPaise(p.mrp),
          isRefundable: p.isRefundable,
          images: p.images,
          imageColors: p.imageColors ?? [],
          status: p.status ?? 'active',
          hsn: p.hsn ?? null,
          rating: p.rating ?? 0,
          numReviews: p.numReviews ?? 0,
          soldCount: p.soldCount ?? 0,
          ...(p.createdAt ? { createdAt: p.createdAt, updatedAt: p.createdAt } : {}),
        })),
      )
      .returning({ id: products.id });
    const variants = inputs.flatMap((p, i) => {
      const productId = rows[i]?.id as string;
      return p.variants.map(({ sku, ...v }, position) => ({
        productId,
        position,
        sku: sku ?? defaultSku(productId, v.color, v.size),
        ...v,
      }));
    });
    if (variants.length > 0) await tx.insert(productVariants).values(variants);
    return rows.map((r) => r.id);
  });
}

/** Builds and stores one product; returns its id. */
export async function createProduct(db: Db, overrides: Partial<ProductInput> = {}): Promise<string> {
  const [id] = await insertProducts(db, [buildProduct(overrides)]);
  return id as string;
}
