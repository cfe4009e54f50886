import type { Config } from '../config/config';
import type { CaptchaProvider } from './captcha/captcha-provider';
import { createOffCaptchaProvider } from './captcha/off';
import { createRecaptchaProvider } from './captcha/recaptcha';
import type { ProviderLogger } from './logger';
import type { MailProvider } from './mail/mail-provider';
import { createOutboxMailProvider, mailOutboxDir } from './mail/outbox';
import { createSmtpMailProvider } from './mail/smtp';
import { createOutboxSmsProvider, smsOutboxDir } from './sms/outbox';
import type { SmsProvider } from './sms/sms-provider';

export type { CaptchaProvider, CaptchaVerdict } from './captcha/captcha-provider';
export type { ProviderLogger } from './logger';
export type { MailMessage, MailProvider } from './mail/mail-provider';
export type { SmsMessage, SmsProvider } from './sms/sms-provider';

/** Every outside service the app talks to, chosen once from the configuration. */
export interface Providers {
  mail: MailProvider;
  captcha: CaptchaProvider;
  sms: SmsProvider;
}

/**
 * Builds the providers the configuration asks for: SMTP when SMTP_URL is set, else the outbox
 * folder; reCAPTCHA when CAPTCHA_PROVIDER=recaptcha, else none; SMS always the outbox for now.
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

  if (config.NODE_ENV === 'production') {
    if (mail.name === 'outbox') {
      log.warn('SMTP_URL is not set: mail is only written to the outbox folder, nobody receives it');
    }
    log.warn('no SMS provider is available yet: text messages are only written to the outbox folder');
  }
  return { mail, captcha, sms };
}
