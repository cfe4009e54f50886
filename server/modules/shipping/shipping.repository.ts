import { and, asc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shipments, shippingWebhookEvents } from './shipping.schema';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentChanges = Partial<
  Pick<
    ShipmentRow,
    | 'provider'
    | 'providerShipmentId'
    | 'providerOrderId'
    | 'awb'
    | 'courier'
    | 'status'
    | 'nextStepAt'
    | 'attempts'
    | 'lastError'
    | 'courierCancelledAt'
  >
>;

/** Ids per insert, well below PostgreSQL's limit of bind parameters in one statement. */
const INSERT_CHUNK = 500;

/** All SQL of the shipping tables; nothing outside the shipping module uses it. `db` may be a transaction. */
export function createShippingRepository(db: Db) {
  return {
    /** Opens a shipment, due at once, for each order that has none yet; answers how many were opened. */
    async openMissing(orderIds: readonly string[], provider: string, at: Date): Promise<number> {
      let opened = 0;
      for (let i = 0; i < orderIds.length; i += INSERT_CHUNK) {
        const rows = await db
          .insert(shipments)
          .values(
            orderIds.slice(i, i + INSERT_CHUNK).map((orderId) => ({
              orderId,
              provider,
              status: 'Processing' as const,
              nextStepAt: at,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .onConflictDoNothing({ target: shipments.orderId })
          .returning({ orderId: shipments.orderId });
        opened += rows.length;
      }
      return opened;
    },

    /**
     * Claims up to `limit` shipments due at `now`, oldest first, by moving their due time to `until`
     * (a lease: a run that dies leaves them due again then, and a second run meanwhile skips them).
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<ShipmentRow[]> {
      const due = db
        .select({ orderId: shipments.orderId })
        .from(shipments)
        .where(lte(shipments.nextStepAt, now))
        .orderBy(asc(shipments.nextStepAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(shipments)
        .set({ nextStepAt: until })
        .where(inArray(shipments.orderId, due))
        .returning();
      return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async find(orderId: string): Promise<ShipmentRow | undefined> {
      const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
      return row;
    },

    /** The order's shipment, locked until the transaction ends. */
    async lock(orderId: string): Promise<ShipmentRow | undefined> {
      const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
      return row;
    },

    async findByAwb(provider: string, awb: string): Promise<ShipmentRow | undefined> {
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.provider, provider), eq(shipments.awb, awb)));
      return row;
    },

    async update(orderId: string, changes: ShipmentChanges, at: Date): Promise<void> {
      await db
        .update(shipments)
        .set({ ...changes, updatedAt: at })
        .where(eq(shipments.orderId, orderId));
    },

    /** Records a webhook's key; false when it was recorded before (a repeat). */
    async recordEvent(event: typeof shippingWebhookEvents.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(shippingWebhookEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ eventKey: shippingWebhookEvents.eventKey });
      return rows.length > 0;
    },

    async deleteEventsBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(shippingWebhookEvents)
        .where(lt(shippingWebhookEvents.receivedAt, before))
        .returning({ eventKey: shippingWebhookEvents.eventKey });
      return rows.length;
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
