/**
 * "Wed, 25 Nov": the day a parcel should arrive, `etaDays` after `today`, in en-IN with the weekday,
 * which is what a shopper plans around. Counted in calendar days on the shopper's own calendar.
 */
export function deliveryDate(etaDays: number, today: Date = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + etaDays);
  return date.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
}
