import type { Db } from '../../db/client';
import { shopSettings } from './settings.schema';

export type SettingsRow = typeof shopSettings.$inferSelect;
/** The columns a change may set; null clears a setting back to its environment value. */
export type SettingsColumns = Partial<Omit<SettingsRow, 'id' | 'updatedAt'>>;

/** All SQL of the shop_settings table, which holds one row at most. */
export function createSettingsRepository(db: Db) {
  return {
    async read(): Promise<SettingsRow | null> {
      const [row] = await db.select().from(shopSettings).limit(1);
      return row ?? null;
    },

    /**
     * The row, locked until the transaction ends (created empty first if there is none), so two
     * changes at once are applied one after the other and each records what it really replaced.
     */
    async lock(at: Date): Promise<SettingsRow> {
      await db.insert(shopSettings).values({ id: true, updatedAt: at }).onConflictDoNothing();
      const [row] = await db.select().from(shopSettings).for('update');
      if (!row) throw new Error('shop_settings has no row after creating it');
      return row;
    },

    async write(changes: SettingsColumns, at: Date): Promise<SettingsRow> {
      const [row] = await db
        .update(shopSettings)
        .set({ ...changes, updatedAt: at })
        .returning();
      if (!row) throw new Error('shop_settings has no row to update');
      return row;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
