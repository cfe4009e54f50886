import { z } from 'zod';
import { API } from '../../../../common/api-paths';
import { colorImagesSchema } from '../../../../common/schemas/catalog';
import { api } from '../../../lib/api-client';
import type { CartItem, FreshPrice } from '../cart-logic';

/** The product's pictures by colour; an answer without them leaves the cart's pictures as they are. */
const picturesSchema = z.object({
  images: z.array(z.string()),
  colorImages: z.array(colorImagesSchema).catch([]),
});

/**
 * Reads the current price and refundability of one product (SPEC.md §7, GET /api/products/{id}), and
 * its pictures by colour for the lines' pictures.
 */
export async function fetchFreshPrice(productId: string): Promise<FreshPrice> {
  const product = await api.get<{ price: unknown; isRefundable: unknown }>(API.catalog.product(productId));
  if (typeof product?.price !== 'number' || !Number.isFinite(product.price)) {
    throw new Error(`Product ${productId} answered without a price`);
  }
  const pictures = picturesSchema.safeParse(product);
  return {
    price: product.price,
    isRefundable: product.isRefundable === true,
    ...(pictures.success ? { pictures: pictures.data } : {}),
  };
}

export interface FreshPrices {
  /** Current prices by product id, for the products that answered. */
  prices: Map<string, FreshPrice>;
  /** Names of the products whose price could not be read (their old price stays). */
  failedNames: string[];
}

/** Re-reads every product in the cart once (several lines can share a product), in parallel. */
export async function fetchFreshPrices(items: readonly CartItem[]): Promise<FreshPrices> {
  const names = new Map<string, string>();
  for (const line of items) if (!names.has(line._id)) names.set(line._id, line.name);
  const ids = [...names.keys()];
  const answers = await Promise.allSettled(ids.map((id) => fetchFreshPrice(id)));
  const prices = new Map<string, FreshPrice>();
  const failedNames: string[] = [];
  answers.forEach((answer, i) => {
    const id = ids[i] as string;
    if (answer.status === 'fulfilled') prices.set(id, answer.value);
    else failedNames.push(names.get(id) ?? id);
  });
  return { prices, failedNames };
}
