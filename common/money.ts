/**
 * Money is integer paise inside the server and database, and rupees (a number with at most two
 * decimals) at the API edge. These helpers are the only place that converts between the two.
 */

/** Rupees (as sent over the API) to integer paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Integer paise to rupees with at most two decimals. */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** "Rs 1,299" or "Rs 1,299.50": the cart's currency format (SPEC.md §9), Indian digit grouping. */
export function formatRs(rupees: number): string {
  const hasPaise = Math.round(rupees * 100) % 100 !== 0;
  return `Rs ${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: hasPaise ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}

/** "₹1,299.5": INR in en-IN format with up to two decimals (archived orders), "₹0" for a missing value. */
export function formatInr(rupees: number | null | undefined): string {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return '₹0';
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    // "Up to 2 decimals" (SPEC.md §9): INR's own default would always print two (₹1,299.50).
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(rupees);
}

/** Percentage off the MRP, rounded down, 0 when there is no discount. */
export function discountPercent(price: number, mrp: number): number {
  if (mrp <= 0 || price >= mrp) return 0;
  return Math.floor(((mrp - price) / mrp) * 100);
}
