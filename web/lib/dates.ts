const INDIA_DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** "4 Jan 2027": a date as read in India, whatever the browser's time zone (promises are in IST). */
export const formatIndiaDate = (iso: string) => INDIA_DATE.format(new Date(iso));
