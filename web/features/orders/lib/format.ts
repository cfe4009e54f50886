/** "22 Nov 2026, 3:05 pm": an order's times in en-IN; "-" when the timestamp does not parse. */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * "22 Nov 2026": the archive's dates (SPEC.md §2), en-IN with the short month name, which reads the
 * same to everyone, unlike 22/11/26; "-" when the timestamp is missing or does not parse.
 */
export function formatOrderDate(iso: string | null | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
