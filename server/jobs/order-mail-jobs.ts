import { SECOND } from '../../common/constants';
import type { OrderMailService } from '../modules/order-mail/order-mail.service';
import type { Job } from './scheduler';

/** How often due order mails are sent: soon enough that the confirmation arrives while the shopper looks. */
export const ORDER_MAIL_EVERY_MS = 5 * SECOND;

/** Sends the order mails (placed, shipped, delivered, cancelled, refund initiated) from the history outbox. */
export function orderMailJobs({ orderMail }: { orderMail: Pick<OrderMailService, 'sendDue'> }): Job[] {
  return [{ name: 'send-order-mails', everyMs: ORDER_MAIL_EVERY_MS, run: () => orderMail.sendDue() }];
}
