import { SECOND } from '../../common/constants';
import type { Db } from '../db/client';
import { createOrderMailService, type OrderMailLogger } from '../modules/order-mail/order-mail.service';
import type { OrderMailShop } from '../modules/order-mail/order-mail-render';
import type { MailProvider } from '../providers';
import type { Job } from './scheduler';

/** How often due order mails are sent: soon enough that the confirmation arrives while the shopper looks. */
export const ORDER_MAIL_EVERY_MS = 5 * SECOND;

/** Sends the order mails (placed, shipped, delivered, cancelled, refund initiated) from the history outbox. */
export function orderMailJobs(deps: {
  db: Db;
  mail: MailProvider;
  shop: OrderMailShop;
  log: OrderMailLogger;
  now?: () => Date;
}): Job[] {
  const mails = createOrderMailService(deps);
  return [{ name: 'send-order-mails', everyMs: ORDER_MAIL_EVERY_MS, run: () => mails.sendDue() }];
}
