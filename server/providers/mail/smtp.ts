import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider';

/**
 * Real mail through an SMTP server (nodemailer). `url` is an SMTP URL such as
 * `smtps://user:pass@smtp.example.com:465` or `smtp://localhost:1025`; `from` is the sender address.
 */
export function createSmtpMailProvider({ url, from }: { url: string; from: string }): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
