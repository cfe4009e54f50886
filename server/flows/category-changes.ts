import type {
  AddCategory,
  CategoryChangeResult,
  ChangeCategory,
  RenameBrand,
} from '../../common/schemas/admin-categories';
import type { Actor } from '../modules/audit/audit.service';
import type { CategoryChange } from '../modules/catalog/category-admin.service';
import type { FlowContext, Services } from '../services';

/**
 * Staff edits of the category tree and the brands. Each runs in one transaction with its audit record,
 * and once committed drops the catalog's read cache, so the shop's menu, search and product pages
 * answer with the new names at once (docs/decisions/074).
 */
export function createCategoryChangeFlows({ services, transaction }: FlowContext) {
  async function audited(
    actor: Actor,
    work: (tx: Services) => Promise<CategoryChange>,
  ): Promise<CategoryChangeResult> {
    const change = await transaction(async (tx) => {
      const done = await work(tx);
      await tx.audit.record(actor, {
        action: done.action,
        entity: 'category',
        entityId: done.entityId,
        before: done.before,
        after: { ...(done.after as object), products: done.products },
      });
      return done;
    });
    services.catalog.forgetCachedReads();
    return { products: change.products };
  }

  return {
    add: (actor: Actor, input: AddCategory) => audited(actor, (tx) => tx.categoryAdmin.add(input)),
    change: (actor: Actor, input: ChangeCategory) => audited(actor, (tx) => tx.categoryAdmin.change(input)),
    addBrand: (actor: Actor, name: string) => audited(actor, (tx) => tx.categoryAdmin.addBrand(name)),
    renameBrand: (actor: Actor, input: RenameBrand) =>
      audited(actor, (tx) => tx.categoryAdmin.renameBrand(input)),
  };
}

export type CategoryChangeFlows = ReturnType<typeof createCategoryChangeFlows>;
