import type { LikedIds, LikedProducts, LikeState } from '../../../common/schemas/likes';
import { NotFoundError } from '../../errors';
import { type CatalogService, PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import type { LikesRepository } from './likes.repository';

/** What the likes module needs from the catalog: a product by id (404 when unknown), and summaries of many. */
export type ProductCatalog = Pick<CatalogService, 'getProduct' | 'summariesByIds'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name a product: it is simply not found, without asking the database. */
function assertProductId(productId: string): void {
  if (!UUID.test(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

/** The likes use cases: a signed-in shopper's wishlist, kept in the likes table. */
export function createLikesService(repository: LikesRepository, catalog: ProductCatalog) {
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

    /** Forgets an erased account's wishlist; answers how many likes it held. */
    forgetAccount(userId: string): Promise<number> {
      return repository.removeAll(userId);
    },

    async likedIds(userId: string): Promise<LikedIds> {
      return { productIds: await repository.productIds(userId) };
    },

    /** The liked products in the catalog's summary shape, newest like first. */
    async likedProducts(userId: string): Promise<LikedProducts> {
      return { products: await catalog.summariesByIds(await repository.productIds(userId)) };
    },

    /** Summaries of the named products, for a guest's locally kept likes; unknown ids are left out. */
    async summaries(productIds: readonly string[]): Promise<LikedProducts> {
      return { products: await catalog.summariesByIds(productIds) };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
