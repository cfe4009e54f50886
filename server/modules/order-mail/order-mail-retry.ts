import { retryDelayMs } from '../../../common/retry-delay';

/**
 * Sends of one mail before it is given up: with the delays below the last one comes about a day after
 * the first (24 h 3 min), so an SMTP outage of an evening loses no mail, while an address the server
 * refuses for good stops holding up its order's later mails by the next day (docs/decisions/009).
 */
export const ORDER_MAIL_MAX_ATTEMPTS = 30;

/**
 * When a mail that failed `failures` times in a row is tried again (common/retry-delay.ts); null once
 * the last attempt failed: the mail is given up.
 */
export function orderMailRetryAt(failures: number, failedAt: Date): Date | null {
  if (failures >= ORDER_MAIL_MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + retryDelayMs(failures));
}
