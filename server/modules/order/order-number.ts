import { newReadableNumber } from '../../readable-number';

/** A readable order number, e.g. PNV-2611-7K3Q9 (see readable-number.ts). */
export function newOrderNumber(at: Date): string {
  return newReadableNumber('PNV', at, 5);
}
