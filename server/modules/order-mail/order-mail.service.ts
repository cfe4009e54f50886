import { MINUTE } from '../../../common/constants';
import { type Config, siteUrlOf } from '../../config/config';
import type { MailMessage, MailProvider } from '../../providers';
import type { MailDueEntry, OrderService } from '../order/order.service';
import type { UsersService } from '../users/users.service';
import { type OrderMailShop, renderOrderMail } from './order-mail-render';
import { orderMailRetryAt } from './order-mail-retry';
import { type OrderMailKind, orderMailKind } from './order-mail-rule';

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
  error(details: object, message: string): void;
}

export interface OrderMailDeps {
  orders: Pick<OrderService, 'getById' | 'claimMailDue' | 'mailHandled' | 'mailFailed'>;
  users: Pick<UsersService, 'findActiveUserById'>;
  mail: MailProvider;
  /** The shop as the mails name it now: its name and contacts are settings the owner may change. */
  shop: () => Promise<OrderMailShop>;
  log: OrderMailLogger;
  now?: () => Date;
}

/** What one run did: mails sent, entries that needed none, failed mails left for a later run, mails given up. */
export interface OrderMailRun {
  sent: number;
  none: number;
  failed: number;
  gaveUp: number;
}

/** The mail a history entry means, with what the log names it by. */
interface PlannedMail {
  kind: OrderMailKind;
  orderNumber: string;
  message: MailMessage;
}

/**
 * The shop as the mails name it, from the configuration; the link is PUBLIC_URL or the listening
 * address. The name and contacts are the first values of settings the owner may change since.
 */
export function orderMailShopOf(config: Config): OrderMailShop {
  const siteUrl = siteUrlOf(config);
  return {
    name: config.SHOP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    siteUrl,
    myOrdersUrl: `${siteUrl}/myorders`,
  };
}

/**
 * The order mails, sent from a transactional outbox: every status change writes an order_history
 * entry in the same transaction as the change (order.service.ts `changeStatus`), and this service
 * turns due entries into mails (docs/decisions/009). An entry is marked handled only after its mail
 * was handed to the provider, so a mail is sent at least once: a crash between the two sends it again.
 */
export function createOrderMailService({
  orders,
  users,
  mail,
  shop,
  log,
  now = () => new Date(),
}: OrderMailDeps) {
  /** The mail an entry means, or null: no mail for this change, the order is gone, or the account is closed. */
  async function mailFor(entry: MailDueEntry, named: OrderMailShop): Promise<PlannedMail | null> {
    const found = await orders.getById(entry.orderId);
    if (!found) return null;
    const kind = orderMailKind(found.order.paymentMode, entry.previous, entry.current);
    if (!kind) return null;
    // Closed (and erased) accounts are not written to: the person asked to leave.
    const user = await users.findActiveUserById(found.userId);
    if (!user) return null;
    return {
      kind,
      orderNumber: found.order.orderNumber,
      message: renderOrderMail(kind, found.order, entry.current, user, named),
    };
  }

  return {
    /**
     * Sends the mails of the entries due now, oldest first. A failed one is due again after a back-off
     * (order-mail-retry.ts); after the last attempt it is given up, with an error in the log, and the
     * order's next mail is free to go.
     */
    async sendDue(): Promise<OrderMailRun> {
      const at = now();
      const entries = await orders.claimMailDue(
        at,
        new Date(at.getTime() + ORDER_MAIL_LEASE_MS),
        ORDER_MAIL_BATCH,
      );
      const run: OrderMailRun = { sent: 0, none: 0, failed: 0, gaveUp: 0 };
      if (entries.length === 0) return run;
      const named = await shop();
      for (const entry of entries) {
        // Known once the mail is planned; a failure before that (reading the order) has only the ids.
        let planned: PlannedMail | null = null;
        try {
          planned = await mailFor(entry, named);
          if (planned) await mail.send(planned.message);
          await orders.mailHandled(entry.id);
          run[planned ? 'sent' : 'none'] += 1;
        } catch (err) {
          const attempts = entry.attempts + 1;
          const retryAt = orderMailRetryAt(attempts, at);
          // Never the message: the log names the entry, the order, the kind of mail and the error only.
          const details = {
            err,
            historyId: entry.id,
            orderId: entry.orderId,
            orderNumber: planned?.orderNumber,
            kind: planned?.kind,
            attempts,
          };
          if (retryAt) {
            log.warn({ ...details, retryAt }, 'order mail: not sent, will retry');
            run.failed += 1;
          } else {
            const which = planned
              ? `the ${planned.kind} mail of order ${planned.orderNumber}`
              : `the mail of order ${entry.orderId}`;
            log.error(details, `order mail: gave up on ${which} after ${attempts} attempts`);
            run.gaveUp += 1;
          }
          await orders.mailFailed(entry.id, retryAt);
        }
      }
      return run;
    },
  };
}

export type OrderMailService = ReturnType<typeof createOrderMailService>;
