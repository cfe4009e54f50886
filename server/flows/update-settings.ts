import type { ShopSettingsView, UpdateSettingsBody } from '../../common/schemas/admin-staff';
import type { Actor } from '../modules/audit/audit.service';
import type { FlowContext } from '../services';

/**
 * The owner changes the shop settings: the change and its audit entry commit together, then the
 * cached settings are dropped, so the shop's next answer (the public config, an order's charges)
 * already follows it (docs/decisions/071). A change that changes nothing leaves no entry.
 */
export function createUpdateSettingsFlow({ services, transaction }: FlowContext) {
  return async function updateSettings(actor: Actor, changes: UpdateSettingsBody): Promise<ShopSettingsView> {
    const after = await transaction(async (tx) => {
      const change = await tx.settings.update(changes);
      if (JSON.stringify(change.before) !== JSON.stringify(change.after)) {
        await tx.audit.record(actor, {
          action: 'settings.update',
          entity: 'settings',
          entityId: 'shop',
          before: change.before,
          after: change.after,
        });
      }
      return change.after;
    });
    services.settings.invalidate();
    return after;
  };
}
