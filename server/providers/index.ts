import type { Config } from '../config/config';
import type { CaptchaProvider } from './captcha/captcha-provider';
import { createOffCaptchaProvider } from './captcha/off';
import { createRecaptchaProvider } from './captcha/recaptcha';
import type { ProviderLogger } from './logger';
import type { MailProvider } from './mail/mail-provider';
import { createOutboxMailProvider, mailOutboxDir } from './mail/outbox';
import { createSmtpMailProvider } from './mail/smtp';
import type { PaymentProvider } from './payment/payment-provider';
import { createRazorpayPaymentProvider } from './payment/razorpay';
import { createSimulatorPaymentProvider, paymentSimulatorDir, simulatorSecrets } from './payment/simulator';
import { createLocalShippingProvider } from './shipping/local';
import type { ShippingProvider } from './shipping/shipping-provider';
import { createShiprocketShippingProvider } from './shipping/shiprocket';
import { createOutboxSmsProvider, smsOutboxDir } from './sms/outbox';
import type { SmsProvider } from './sms/sms-provider';
import { createLocalStorageProvider, uploadsDir } from './storage/local';
import type { StorageProvider } from './storage/storage-provider';

export type { CaptchaProvider, CaptchaVerdict } from './captcha/captcha-provider';
export type { ProviderLogger } from './logger';
export type { MailMessage, MailProvider } from './mail/mail-provider';
export type { PaymentProvider } from './payment/payment-provider';
export type { ShippingProvider } from './shipping/shipping-provider';
export type { SmsMessage, SmsProvider } from './sms/sms-provider';
export type { StorageProvider, StoredObject } from './storage/storage-provider';

/** Every outside service the app talks to, chosen once from the configuration. */
export interface Providers {
  mail: MailProvider;
  captcha: CaptchaProvider;
  sms: SmsProvider;
  /** Uploaded files (review photos). */
  storage: StorageProvider;
  /** The courier. */
  shipping: ShippingProvider;
  /** Online payment (docs/decisions/006-payments.md). */
  payment: PaymentProvider;
}

/**
 * Online payment: Razorpay when PAYMENT_PROVIDER=razorpay (config validation has made sure its keys
 * are there), else the simulator with its secrets generated once into DATA_DIR.
 */
export function createPaymentProvider(config: Config, { log }: { log: ProviderLogger }): PaymentProvider {
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = config;
  if (
    config.PAYMENT_PROVIDER === 'razorpay' &&
    RAZORPAY_KEY_ID &&
    RAZORPAY_KEY_SECRET &&
    RAZORPAY_WEBHOOK_SECRET
  ) {
    return createRazorpayPaymentProvider({
      keyId: RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_WEBHOOK_SECRET,
      log,
    });
  }
  return createSimulatorPaymentProvider({
    dir: paymentSimulatorDir(config.dataDir),
    ...simulatorSecrets(config.dataDir),
    shopName: config.SHOP_NAME,
    log,
  });
}

/**
 * The courier: Shiprocket when SHIPPING_PROVIDER=shiprocket (config validation has made sure its
 * settings are there), else the local simulator.
 */
export function createShippingProvider(config: Config, { log }: { log: ProviderLogger }): ShippingProvider {
  const { SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_PINCODE, SHIPROCKET_WEBHOOK_TOKEN } =
    config;
  if (
    config.SHIPPING_PROVIDER === 'shiprocket' &&
    SHIPROCKET_EMAIL &&
    SHIPROCKET_PASSWORD &&
    SHIPROCKET_PICKUP_PINCODE &&
    SHIPROCKET_WEBHOOK_TOKEN
  ) {
    return createShiprocketShippingProvider({
      email: SHIPROCKET_EMAIL,
      password: SHIPROCKET_PASSWORD,
      pickupPincode: SHIPROCKET_PICKUP_PINCODE,
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
      webhookToken: SHIPROCKET_WEBHOOK_TOKEN,
      log,
    });
  }
  return createLocalShippingProvider({ stepMs: config.SHIPPING_SIMULATOR_STEP_SECONDS * 1000 });
}

/**
 * Builds the providers the configuration asks for: SMTP when SMTP_URL is set, else the outbox
 * folder; reCAPTCHA when CAPTCHA_PROVIDER=recaptcha, else none; SMS always the outbox for now;
 * uploads always in DATA_DIR/uploads for now (an S3-compatible adapter comes later); the courier
 * by SHIPPING_PROVIDER (createShippingProvider).
 */
export function createProviders(config: Config, { log }: { log: ProviderLogger }): Providers {
  const mail = config.SMTP_URL
    ? createSmtpMailProvider({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : createOutboxMailProvider({ dir: mailOutboxDir(config.dataDir), from: config.MAIL_FROM, log });
  const captcha =
    config.CAPTCHA_PROVIDER === 'recaptcha' && config.RECAPTCHA_SECRET
      ? createRecaptchaProvider({ secret: config.RECAPTCHA_SECRET, log })
      : createOffCaptchaProvider();
  const sms = createOutboxSmsProvider({ dir: smsOutboxDir(config.dataDir), log });
  const shipping = createShippingProvider(config, { log });
  const storage = createLocalStorageProvider({ dir: uploadsDir(config.dataDir) });
  const payment = createPaymentProvider(config, { log });

  if (config.NODE_ENV === 'production') {
    if (mail.name === 'outbox') {
      log.warn('SMTP_URL is not set: mail is only written to the outbox folder, nobody receives it');
    }
    log.warn('no SMS provider is available yet: text messages are only written to the outbox folder');
    if (payment.name === 'simulator') {
      log.warn(
        'PAYMENT_PROVIDER is the simulator: online orders are "paid" on a test page, nobody is charged',
      );
    }
  }
  return { mail, captcha, sms, storage, shipping, payment };
}
