/** "22 Nov 2026, 3:05 pm": an order's times in en-IN; "-" when the timestamp does not parse. */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}
