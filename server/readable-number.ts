import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread on a phone call or a label (no 0/O, 1/I/L, U). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A number a person reads out or types, e.g. PNV-2611-7K3Q9: a prefix, the year and month (UTC), then
 * `randomCharacters` random characters. Unique only by chance, so the table's unique key decides and
 * the caller draws again.
 */
export function newReadableNumber(prefix: string, at: Date, randomCharacters: number): string {
  const yy = String(at.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  let suffix = '';
  for (let i = 0; i < randomCharacters; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${yy}${mm}-${suffix}`;
}
