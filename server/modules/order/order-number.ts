import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread on a phone call or a label (no 0/O, 1/I/L, U). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A readable order number, e.g. PNV-2611-7K3Q9: the year and month placed (UTC), then 5 random
 * characters. Unique only by chance, so the order table's unique key decides and the caller draws again.
 */
export function newOrderNumber(at: Date): string {
  const yy = String(at.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  let suffix = '';
  for (let i = 0; i < 5; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `PNV-${yy}${mm}-${suffix}`;
}
