/**
 * Gives the history entry this document was loaded into a key of its own, before the router reads it.
 *
 * React Router keys each history entry by `history.state.key` and keeps scroll positions per key in
 * sessionStorage. An entry the browser created itself (a typed address, a link from another site,
 * the payment page sending the shopper back) has no state, so the router calls every such entry
 * "default": they all share one saved position, and a new page would open where another page was
 * left. A key written into the entry's own state is unique per entry and survives a reload and
 * back/forward across documents, so those still return to where the shopper was.
 */
export function keyThisHistoryEntry(history: Pick<History, 'state' | 'replaceState'>): string {
  const state: unknown = history.state;
  const current = isRecord(state) ? state : {};
  if (typeof current.key === 'string' && current.key !== '') return current.key;
  const key = newEntryKey();
  history.replaceState({ ...current, key }, '');
  return key;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The same shape of key as the router's own (8 base-36 characters): only unique within a tab. */
function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}
