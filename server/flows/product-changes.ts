import type {
  AdminProduct,
  BulkProducts,
  CreateProduct,
  ImportResult,
  UpdateProduct,
} from '../../common/schemas/admin-products';
import type { Actor } from '../modules/audit/audit.service';
import { changedSomething, type ProductChange } from '../modules/catalog/product-admin.service';
import type { ReadProductCsv } from '../modules/catalog/product-csv';
import {
  deleteProductPicture,
  encodeProductPicture,
  storeProductPicture,
} from '../modules/media/product-pictures';
import type { StorageProvider } from '../providers';
import type { FlowContext, Services } from '../services';

export interface ProductFlowDeps extends FlowContext {
  storage: StorageProvider;
  /** Where a picture that could not be cleaned up is reported (the request goes on). */
  log: { warn(fields: object, message: string): void };
}

/**
 * Staff changes to products. Each runs in one transaction with its audit record (catalog and audit),
 * so the change and the record of who made it commit together or not at all; once committed, the
 * catalog's read cache is dropped, so the shop's next answer shows the change (docs/decisions/073).
 */
export function createProductChangeFlows({ services, transaction, storage, log }: ProductFlowDeps) {
  const forget = (url: string) =>
    deleteProductPicture(storage, url).catch((err: unknown) =>
      log.warn({ err, url }, 'product picture: removing the files failed'),
    );

  /** Records each change that changed something under `action`, on the transaction's services. */
  function record(tx: Services, actor: Actor, action: string, changes: readonly ProductChange[]) {
    return tx.audit.recordMany(
      actor,
      changes.filter(changedSomething).map((change) => ({
        action,
        entity: 'product',
        entityId: change.product._id,
        before: change.before,
        after: change.after,
      })),
    );
  }

  /** Once a transaction with changes has committed: the shop's next answer must show them. */
  function published(changes: readonly ProductChange[]) {
    if (changes.some(changedSomething)) services.catalog.forgetCachedReads();
  }

  /** Runs `work` in a transaction that records each product it changed under `action`, then drops the cache. */
  async function audited<T extends ProductChange | ProductChange[]>(
    actor: Actor,
    action: string,
    work: (tx: Services) => Promise<T>,
  ): Promise<T> {
    const result = await transaction(async (tx) => {
      const done = await work(tx);
      await record(tx, actor, action, [done].flat());
      return done;
    });
    published([result].flat());
    return result;
  }

  return {
    async create(actor: Actor, input: CreateProduct): Promise<AdminProduct> {
      return (await audited(actor, 'product.create', (tx) => tx.productAdmin.create(input))).product;
    },

    async update(actor: Actor, id: string, patch: UpdateProduct): Promise<AdminProduct> {
      return (await audited(actor, 'product.update', (tx) => tx.productAdmin.update(id, patch))).product;
    },

    /** Takes the product out of the shop (activating it brings it back); its orders, reviews and history stay. */
    async archive(actor: Actor, id: string): Promise<AdminProduct> {
      return (await audited(actor, 'product.archive', (tx) => tx.productAdmin.setStatus(id, 'archived')))
        .product;
    },

    /**
     * Imports checked CSV rows in one transaction, one audit record per product created or changed.
     * A dry run, or rows with problems, only plan: nothing is written, and the counts say what would
     * have happened.
     */
    async importProducts(
      actor: Actor,
      csv: ReadProductCsv,
      { dryRun }: { dryRun: boolean },
    ): Promise<ImportResult> {
      const answer = (result: ImportResult): ImportResult => ({
        ...result,
        errors: [...csv.errors, ...result.errors].sort((a, b) => a.row - b.row),
      });
      if (dryRun || csv.errors.length > 0) {
        return answer((await services.productAdmin.importRows(csv.rows, { apply: false })).result);
      }
      const { result, changes } = await transaction(async (tx) => {
        const imported = await tx.productAdmin.importRows(csv.rows, { apply: true });
        await record(tx, actor, 'product.import', imported.changes);
        return imported;
      });
      published(changes);
      return answer(result);
    },

    /**
     * Adds an uploaded picture at the end of the product's images. It is checked, re-encoded and
     * stored before the transaction (seconds of CPU must not hold the product's lock), and removed
     * again if the transaction fails.
     */
    async addImage(
      actor: Actor,
      id: string,
      upload: Buffer,
      fields: { alt: string; color: string },
    ): Promise<AdminProduct> {
      const url = await storeProductPicture(storage, await encodeProductPicture(upload));
      try {
        const change = await audited(actor, 'product.image.add', (tx) =>
          tx.productAdmin.addImage(id, { url, ...fields }),
        );
        return change.product;
      } catch (error) {
        await forget(url);
        throw error;
      }
    },

    /**
     * Takes an image off the product, then removes its files, unless an order line still shows it
     * (orders keep the picture of what was bought).
     */
    async removeImage(actor: Actor, id: string, imageId: string): Promise<AdminProduct> {
      const change = await audited(actor, 'product.image.remove', (tx) =>
        tx.productAdmin.removeImage(id, imageId),
      );
      if (!(await services.orders.showsImage(change.url))) await forget(change.url);
      return change.product;
    },

    /** One audit record per product the action changed; answers how many it changed. */
    async bulk(actor: Actor, bulk: BulkProducts): Promise<{ updated: number }> {
      const changes = await audited(actor, 'product.bulk', (tx) => tx.productAdmin.bulk(bulk));
      return { updated: changes.length };
    },
  };
}

export type ProductChangeFlows = ReturnType<typeof createProductChangeFlows>;
