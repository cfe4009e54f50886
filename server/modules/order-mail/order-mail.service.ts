import { MINUTE } from '../../../common/constants';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import type { MailMessage, MailProvider } from '../../providers';
import { createOrderService, type MailDueEntry } from '../order/order.service';
import { createUsersService } from '../users/users.service';
import { type OrderMailShop, renderOrderMail } from './order-mail-render';
import { orderMailKind } from './order-mail-rule';

/** Entries one run takes: a small shop's busiest minute, and a run that ends well within its lease. */
export const ORDER_MAIL_BATCH = 50;
/**
 * How long a claimed entry stays taken. Longer than a run can take (50 sends, each bounded by the
 * SMTP timeouts), so no second instance takes it while its mail is on the way; if the instance dies,
 * the entry is due again after this.
 */
export const ORDER_MAIL_LEASE_MS = 15 * MINUTE;

export interface OrderMailLogger {
  warn(details: object, message: string): void;
}

export interface OrderMailDeps {
  db: Db;
  mail: MailProvider;
  shop: OrderMailShop;
  log: OrderMailLogger;
  now?: () => Date;
}

/** What one run did: mails sent, entries that needed none, entries left for the next run. */
export interface OrderMailRun {
  sent: number;
  none: number;
  failed: number;
}

/** The shop as the mails name it, from the configuration; the link is PUBLIC_URL or the listening address. */
export function orderMailShopOf(config: Config): OrderMailShop {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const base = config.PUBLIC_URL ?? `http://${host}:${config.PORT}`;
  return {
    name: config.SHOP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    myOrdersUrl: `${base.replace(/\/+$/, '')}/myorders`,
  };
}

/**
 * The order mails, sent from a transactional outbox: every status change writes an order_history
 * entry in the same transaction as the change (order.service.ts `changeStatus`), and this service
 * turns due entries into mails (docs/decisions/009). An entry is marked handled only after its mail
 * was handed to the provider, so a mail is sent at least once: a crash between the two sends it again.
 */
export function createOrderMailService({ db, mail, shop, log, now = () => new Date() }: OrderMailDeps) {
  const orders = createOrderService(db);
  const users = createUsersService(db, { now });

  /** The mail an entry means, or null: no mail for this change, the order is gone, or the account is closed. */
  async function messageFor(entry: MailDueEntry): Promise<MailMessage | null> {
    const found = await orders.getById(entry.orderId);
    if (!found) return null;
    const kind = orderMailKind(found.order.paymentMode, entry.previous, entry.current);
    if (!kind) return null;
    // Closed (and erased) accounts are not written to: the person asked to leave.
    const user = await users.findActiveUserById(found.userId);
    if (!user) return null;
    return renderOrderMail(kind, found.order, entry.current, user, shop);
  }

  return {
    /** Sends the mails of the entries due now, oldest first; a failed one is due again next run. */
    async sendDue(): Promise<OrderMailRun> {
      const at = now();
      const entries = await orders.claimMailDue(
        at,
        new Date(at.getTime() + ORDER_MAIL_LEASE_MS),
        ORDER_MAIL_BATCH,
      );
      const run: OrderMailRun = { sent: 0, none: 0, failed: 0 };
      for (const entry of entries) {
        try {
          const message = await messageFor(entry);
          if (message) await mail.send(message);
          await orders.mailHandled(entry.id);
          run[message ? 'sent' : 'none'] += 1;
        } catch (err) {
          // Never the message: the log names the entry, the order and the error only.
          log.warn({ err, historyId: entry.id, orderId: entry.orderId }, 'order mail: not sent, will retry');
          await orders.retryMailAt(entry.id, at);
          run.failed += 1;
        }
      }
      return run;
    },
  };
}

export type OrderMailService = ReturnType<typeof createOrderMailService>;
