import type { ProductDetail, ProductSummary } from '../../../common/schemas/catalog';
import type { LikedIds, LikedProducts, LikeState } from '../../../common/schemas/likes';
import { NotFoundError } from '../../errors';
import { type CatalogService, PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import type { LikesRepository } from './likes.repository';

/** What the likes module needs from the catalog: a product by its id (404 NotFoundError when unknown). */
export type ProductCatalog = Pick<CatalogService, 'getProduct'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product list shape of DESIGN.md §5, from the catalog's product answer. */
export function summaryOf(product: ProductDetail): ProductSummary {
  return {
    _id: product._id,
    name: product.name,
    brand: product.brand,
    gender: product.gender,
    category: product.category,
    subCategory: product.subCategory,
    type: product.type,
    price: product.price,
    mrp: product.mrp,
    image: product.images[0] ?? '',
    rating: product.rating,
    numReviews: product.numReviews,
    countInStock: product.countInStock,
  };
}

/** A malformed id cannot name a product: it is simply not found, without asking the database. */
function assertProductId(productId: string): void {
  if (!UUID.test(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

/** The likes use cases: a signed-in shopper's wishlist, kept in the likes table. */
export function createLikesService(repository: LikesRepository, catalog: ProductCatalog) {
  /**
   * Summaries of the products, in the given order, through the catalog (which owns the products);
   * a product deleted since it was named is left out.
   */
  async function summariesOf(productIds: readonly string[]): Promise<ProductSummary[]> {
    const found = await Promise.all(
      productIds.map(async (id) => {
        if (!UUID.test(id)) return undefined;
        try {
          return summaryOf(await catalog.getProduct(id));
        } catch (error) {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        }
      }),
    );
    return found.filter((summary) => summary !== undefined);
  }

  return {
    /** Idempotent: liking a liked product changes nothing and succeeds. */
    async like(userId: string, productId: string): Promise<LikeState> {
      assertProductId(productId);
      const outcome = await repository.add(userId, productId.toLowerCase());
      if (outcome === 'no-such-product') throw new NotFoundError(PRODUCT_NOT_FOUND);
      return { productId: productId.toLowerCase(), liked: true };
    },

    /** Idempotent: unliking a product that is not liked succeeds, as long as the product exists. */
    async unlike(userId: string, productId: string): Promise<LikeState> {
      assertProductId(productId);
      const removed = await repository.remove(userId, productId.toLowerCase());
      // Only when nothing was removed can the id be unknown; the catalog answers 404 for that.
      if (!removed) await catalog.getProduct(productId);
      return { productId: productId.toLowerCase(), liked: false };
    },

    async likedIds(userId: string): Promise<LikedIds> {
      return { productIds: await repository.productIds(userId) };
    },

    /** The liked products in the catalog's summary shape, newest like first. */
    async likedProducts(userId: string): Promise<LikedProducts> {
      return { products: await summariesOf(await repository.productIds(userId)) };
    },

    /** Summaries of the named products, for a guest's locally kept likes; unknown ids are left out. */
    async summaries(productIds: readonly string[]): Promise<LikedProducts> {
      return { products: await summariesOf(productIds) };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
