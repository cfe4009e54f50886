import type { FastifyBaseLogger } from 'fastify';
import { type Config, siteUrlOf } from './config/config';
import type { Db } from './db/client';
import { createAnswerGrievanceFlows } from './flows/answer-grievance';
import { createBlockCustomerFlow } from './flows/block-customer';
import { createCancelOrderFlow } from './flows/cancel-order';
import { createCategoryChangeFlows } from './flows/category-changes';
import { createEraseClosedAccountsFlow } from './flows/erase-closed-accounts';
import { createExpireUnpaidOrdersFlow } from './flows/expire-unpaid-orders';
import { createFileGrievanceFlow } from './flows/file-grievance';
import { createHandleOrderFlows } from './flows/handle-order';
import { createStaffFlows } from './flows/manage-staff';
import { createPayOrderFlow } from './flows/pay-order';
import { createPlaceOrderFlow } from './flows/place-order';
import { createProductChangeFlows } from './flows/product-changes';
import { createRefunder } from './flows/refund-payment';
import { createRequestReturnFlow } from './flows/request-return';
import { createModerateReviewFlow, createReviewFlows } from './flows/review-changes';
import { createSettlePaymentFlow } from './flows/settle-payment';
import { createShipOrdersFlow, createTrackShipmentFlow } from './flows/ship-order';
import { createUpdateSettingsFlow } from './flows/update-settings';
import { accountJobs } from './jobs/account-jobs';
import { orderJobs } from './jobs/order-jobs';
import { orderMailJobs } from './jobs/order-mail-jobs';
import { shippingJobs } from './jobs/shipping-jobs';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createOrderAdminService } from './modules/order/order-admin.service';
import { createOrderMailService, orderMailShopOf } from './modules/order-mail/order-mail.service';
import { createOtpHasher } from './modules/otp/otp';
import { createBackgroundMailer } from './modules/password-reset/background-mail';
import { createPasswordResetRepository } from './modules/password-reset/password-reset.repository';
import { createPasswordResetService } from './modules/password-reset/password-reset.service';
import { createPhoneRepository } from './modules/phone/phone.repository';
import { createPhoneService } from './modules/phone/phone.service';
import { SETTINGS_CACHE_MS } from './modules/settings/settings.service';
import { createCustomerAdminService } from './modules/users/customer-admin.service';
import type { Providers } from './providers';
import { createServices, type Transaction } from './services';

export interface ContainerOptions {
  config: Config;
  db: Db;
  /** The outside services, chosen from the configuration (tests replace the ones they fake). */
  providers: Providers;
  log: FastifyBaseLogger;
  /** The clock of every rule with a deadline; tests move it instead of sleeping. */
  now?: () => Date;
}

/**
 * The composition root: builds every service, flow and job of the shop once, from the configuration,
 * the database and the outside services. This is the one place that shows what the app is made of;
 * app.ts hands each route plugin exactly the services and flows it calls, main.ts hands the jobs to
 * the scheduler, and the tests build the same graph (server/test/test-app.ts).
 */
export function createContainer({ config, db, providers, log, now = () => new Date() }: ContainerOptions) {
  // The long-lived services keep read caches; a transaction's read fresh, as it must see its own writes.
  const servicesOn = (on: Db, cached: boolean) =>
    createServices(on, {
      config,
      courier: providers.shipping,
      log,
      now,
      catalogCacheSeconds: cached ? config.CATALOG_CACHE_SECONDS : 0,
      settingsCacheMs: cached ? SETTINGS_CACHE_MS : 0,
    });
  const services = servicesOn(db, true);
  const transaction: Transaction = (work) => db.transaction((tx) => work(servicesOn(tx, false)));
  const context = { services, transaction };

  const hasher = createOtpHasher(config.sessionSecret);
  // Password recovery, staff invitations and grievances: mail sent without making the request wait.
  const mailer = createBackgroundMailer(providers.mail, (err, message) =>
    log.error({ err, subject: message.subject }, 'sending mail failed'),
  );
  const passwordReset = createPasswordResetService({
    repository: createPasswordResetRepository(db, hasher),
    users: services.users,
    captcha: providers.captcha,
    mailer,
    hasher,
    shop: { name: config.SHOP_NAME, supportEmail: config.SUPPORT_EMAIL },
    now,
  });
  const phone = createPhoneService({
    repository: createPhoneRepository(db, hasher),
    users: services.users,
    sms: providers.sms,
    shopName: config.SHOP_NAME,
    now,
    onSmsError: (err) => log.error({ err }, 'phone verification: sending the SMS failed'),
  });
  const orderMail = createOrderMailService({
    orders: services.orders,
    users: services.users,
    mail: providers.mail,
    shop: async () => {
      const { shopName, supportEmail, supportPhone } = await services.settings.current();
      return { ...orderMailShopOf(config), name: shopName, supportEmail, supportPhone };
    },
    log,
    now,
  });

  const dashboard = createDashboardService({
    orders: services.orders,
    inventory: services.inventory,
    reviews: services.reviews,
    analytics: services.analytics,
    catalog: services.catalog,
    now,
  });

  const orderAdmin = createOrderAdminService({
    orders: services.orders,
    users: services.users,
    payments: services.payments,
    shipping: services.shipping,
    now,
  });
  const customerAdmin = createCustomerAdminService({
    users: services.users,
    addresses: services.addresses,
    orders: services.orders,
    reviews: services.reviews,
  });

  const refunder = createRefunder({ services, payment: providers.payment, now, log });
  const shipOrders = createShipOrdersFlow({
    ...context,
    provider: providers.shipping,
    now,
    log,
    // The courier sends its tracking messages there; a closed account's orders use the shop's address.
    emailOf: async (userId) =>
      (await services.users.findActiveUserById(userId))?.email ?? config.SUPPORT_EMAIL,
  });
  const flows = {
    placeOrder: createPlaceOrderFlow({
      ...context,
      now,
      payment: providers.payment,
      log,
    }),
    payOrder: createPayOrderFlow({ services, payment: providers.payment, now }),
    cancelOrder: createCancelOrderFlow({ ...context, now, refunder }),
    requestReturn: createRequestReturnFlow({ ...context, now }),
    settlePayment: createSettlePaymentFlow({ ...context, payment: providers.payment, refunder, now, log }),
    shipOrders,
    handleOrder: createHandleOrderFlows({
      ...context,
      now,
      payment: providers.payment,
      refunder,
      shipOrders,
      orderAdmin,
      log,
    }),
    trackShipment: createTrackShipmentFlow({ transaction, provider: providers.shipping, now, refunder }),
    reviews: createReviewFlows({ ...context, storage: providers.storage, now, log }),
    moderateReview: createModerateReviewFlow({ transaction, now }),
    productChanges: createProductChangeFlows({ ...context, storage: providers.storage, log }),
    categoryChanges: createCategoryChangeFlows(context),
    expireUnpaidOrders: createExpireUnpaidOrdersFlow({ ...context, now }),
    eraseClosedAccounts: createEraseClosedAccountsFlow({ ...context, storage: providers.storage }),
    updateSettings: createUpdateSettingsFlow(context),
    setCustomerBlocked: createBlockCustomerFlow({ transaction, now }),
    staff: createStaffFlows({ ...context, mailer, siteUrl: siteUrlOf(config) }),
    fileGrievance: createFileGrievanceFlow({
      services,
      captcha: providers.captcha,
      mailer,
      siteUrl: siteUrlOf(config),
    }),
    answerGrievance: createAnswerGrievanceFlows({ ...context, mailer, siteUrl: siteUrlOf(config) }),
  };

  const jobs = [
    ...accountJobs({ users: services.users, eraseClosedAccounts: flows.eraseClosedAccounts }),
    ...orderJobs({
      orders: services.orders,
      payments: services.payments,
      expireUnpaidOrders: flows.expireUnpaidOrders,
      refunder,
      handleOrder: flows.handleOrder,
      now,
    }),
    ...orderMailJobs({ orderMail }),
    ...shippingJobs({
      shipping: services.shipping,
      shipOrders: flows.shipOrders,
      provider: providers.shipping,
      now,
    }),
  ];

  return {
    config,
    providers,
    services: { ...services, passwordReset, phone, orderMail, dashboard, orderAdmin, customerAdmin },
    flows,
    refunder,
    jobs,
    /** Resolves once the mail already promised to shoppers has been handed to the provider. */
    idle: () => mailer.idle(),
  };
}

export type Container = ReturnType<typeof createContainer>;
export type AppServices = Container['services'];
export type AppFlows = Container['flows'];
