import { RETURN_WINDOW_MS } from './constants';

/**
 * When the order was delivered: the latest 'Delivered' entry of its history (DESIGN.md §6), or
 * undefined when it never was (or the time does not parse). The server and My Orders both read it so.
 */
export function deliveredAtOf(
  history: readonly { deliveryStatus: string; at: string | Date }[],
): Date | undefined {
  let latest: Date | undefined;
  for (const entry of history) {
    if (entry.deliveryStatus !== 'Delivered') continue;
    const at = new Date(entry.at);
    if (Number.isNaN(at.getTime())) continue;
    if (!latest || at > latest) latest = at;
  }
  return latest;
}

/**
 * True while a return may still be requested: within 7 days of delivery (SPEC.md §9), the edge
 * included, as the cancel window includes its edge.
 */
export function withinReturnWindow(deliveredAt: Date, at: Date): boolean {
  return at.getTime() - deliveredAt.getTime() <= RETURN_WINDOW_MS;
}
