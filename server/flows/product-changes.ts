import type {
  AdminProduct,
  BulkProducts,
  CreateProduct,
  UpdateProduct,
} from '../../common/schemas/admin-products';
import type { Actor } from '../modules/audit/audit.service';
import { changedSomething, type ProductChange } from '../modules/catalog/product-admin.service';
import type { FlowContext, Services } from '../services';

/**
 * Staff changes to products. Each runs in one transaction with its audit record (catalog and audit),
 * so the change and the record of who made it commit together or not at all; once committed, the
 * catalog's read cache is dropped, so the shop's next answer shows the change (docs/decisions/070).
 */
export function createProductChangeFlows({ services, transaction }: FlowContext) {
  /** Runs `work` in a transaction that records each product it changed under `action`, then drops the cache. */
  async function audited<T extends ProductChange | ProductChange[]>(
    actor: Actor,
    action: string,
    work: (tx: Services) => Promise<T>,
  ): Promise<T> {
    const result = await transaction(async (tx) => {
      const done = await work(tx);
      for (const change of [done].flat()) {
        if (!changedSomething(change)) continue;
        await tx.audit.record(actor, {
          action,
          entity: 'product',
          entityId: change.product._id,
          before: change.before,
          after: change.after,
        });
      }
      return done;
    });
    if ([result].flat().some(changedSomething)) services.catalog.forgetCachedReads();
    return result;
  }

  return {
    async create(actor: Actor, input: CreateProduct): Promise<AdminProduct> {
      return (await audited(actor, 'product.create', (tx) => tx.productAdmin.create(input))).product;
    },

    async update(actor: Actor, id: string, patch: UpdateProduct): Promise<AdminProduct> {
      return (await audited(actor, 'product.update', (tx) => tx.productAdmin.update(id, patch))).product;
    },

    /** Takes the product out of the shop for good; its orders, reviews and history stay. */
    async archive(actor: Actor, id: string): Promise<AdminProduct> {
      return (await audited(actor, 'product.archive', (tx) => tx.productAdmin.setStatus(id, 'archived')))
        .product;
    },

    /** One audit record per product the action changed; answers how many it changed. */
    async bulk(actor: Actor, bulk: BulkProducts): Promise<{ updated: number }> {
      const changes = await audited(actor, 'product.bulk', (tx) => tx.productAdmin.bulk(bulk));
      return { updated: changes.length };
    },
  };
}

export type ProductChangeFlows = ReturnType<typeof createProductChangeFlows>;
