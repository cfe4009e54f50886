/** Business constants and timings from SPEC.md §9, in one place for the server, the web app and tests. */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const AUTH_STALE_TIME = 5 * MINUTE;
export const AUTH_GC_TIME = 10 * MINUTE;
export const CATEGORY_TREE_STALE_TIME = 5 * MINUTE;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_DRAG_PERCENT = 0.8;

export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_HIDE_DELAY_MS = 100;
export const AUTOCOMPLETE_MAX_RESULTS = 10;
/**
 * The preference (RFC 7240 `Prefer` header) that asks the autocomplete call for labelled suggestions.
 * A header rather than a query parameter, so the call stays the `?q=` that SPEC.md §7 describes.
 */
export const LABELLED_SUGGESTIONS = 'labelled';

export const PHONE_REMINDER_INTERVAL_MS = 24 * HOUR;
export const PASSWORD_RESET_REDIRECT_MS = 2 * SECOND;
export const FLOATING_BADGE_BLINK_MS = 1000;
export const DOCK_BADGE_BLINK_MS = 750;
export const CATEGORIES_DROPDOWN_OPEN_DELAY_MS = 300;
export const ANALYTICS_DUPLICATE_WINDOW_MS = 1000;
export const COPY_CONFIRMATION_MS = 1200;
export const SUBMENU_FLIP_THRESHOLD_PX = 250;

export const PASSWORD_MIN_LENGTH = 8;
export const MIN_AGE = 18;

export const UNPAID_ORDER_TTL_MS = 30 * MINUTE;
export const CANCEL_WINDOW_MS = 6 * HOUR;
export const RETURN_WINDOW_MS = 7 * DAY;
export const ARCHIVE_AFTER_MS = 60 * DAY;
export const ARCHIVE_FAILED_AFTER_MS = 3 * DAY;
export const ACCOUNT_RETENTION_DAYS = 90;
export const REFUND_BUSINESS_DAYS = 5;
export const GRIEVANCE_BUSINESS_DAYS = 15;

export const SUPPORT_HOURS = '9:00 AM – 9:00 PM IST · Mon–Sat';

/** Top-level category order (SPEC.md §9); only those present in the data are shown. */
export const TOP_LEVEL_CATEGORIES = ['Men', 'Women', 'Boy', 'Girl', 'Brand', 'Others'] as const;
export type TopLevelCategory = (typeof TOP_LEVEL_CATEGORIES)[number];

/** Largest page any list call answers with (DESIGN.md §5). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

/** Local storage keys used by the web app. */
export const STORAGE_KEYS = {
  cart: 'cartItems',
  guestLikes: 'pehnava.likes.guest',
  userLikes: 'pehnava.likes.user',
  analyticsSession: 'pehnava.analytics.sid',
  analyticsOptOut: 'pehnava.analytics.optout',
} as const;

/** How long a started refund call to the payment provider may take before another worker may try it again. */
export const REFUND_LEASE_MS = 5 * MINUTE;
/** After this many unanswered refund calls the retry job stops and staff must look (it is logged). */
export const MAX_REFUND_ATTEMPTS = 10;
