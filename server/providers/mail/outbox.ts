import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { ProviderLogger } from '../logger';
import { outboxFileStem, readOutboxRecords, writeOutboxFiles } from '../outbox-files';
import type { MailMessage, MailProvider } from './mail-provider';

/** A message as the outbox keeps it in its `.json` file, beside the `.eml` a mail client can open. */
export const outboxMailSchema = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * The local mail simulator: each message becomes `<time>.eml` (the real RFC 822 message, built by the
 * same nodemailer composer the SMTP adapter uses) and `<time>.json` in `dir`, plus one log line
 * naming the recipient and subject (never the body, which may hold a one-time code).
 */
export function createOutboxMailProvider({
  dir,
  from,
  log,
}: {
  dir: string;
  from: string;
  log: ProviderLogger;
}): MailProvider {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      const sentAt = new Date();
      const info = await composer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        date: sentAt,
        ...(message.html ? { html: message.html } : {}),
      });
      const record: OutboxMail = { from, ...message, sentAt: sentAt.toISOString() };
      const stem = outboxFileStem(sentAt);
      const written = await writeOutboxFiles(dir, stem, [
        { extension: '.eml', content: info.message as Buffer },
        { extension: '.json', content: `${JSON.stringify(record, null, 2)}\n` },
      ]);
      log.info(`mail to ${message.to}: ${message.subject} (saved as ${written}.eml)`);
    },
  };
}

/** Every message in a mail outbox folder, oldest first (for tests and developer tools). */
export async function readMailOutbox(dir: string): Promise<OutboxMail[]> {
  return (await readOutboxRecords(dir)).map((record) => outboxMailSchema.parse(record));
}

/** Where the mail outbox lives under DATA_DIR. */
export const mailOutboxDir = (dataDir: string) => path.join(dataDir, 'outbox');
