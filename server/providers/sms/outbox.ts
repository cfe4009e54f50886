import path from 'node:path';
import { z } from 'zod';
import type { ProviderLogger } from '../logger';
import { outboxFileStem, readOutboxRecords, writeOutboxFiles } from '../outbox-files';
import type { SmsMessage, SmsProvider } from './sms-provider';

export const outboxSmsSchema = z.object({ to: z.string(), text: z.string(), sentAt: z.string() });
export type OutboxSms = z.infer<typeof outboxSmsSchema>;

/** Shows only the last two digits of a number in logs. */
export function maskPhone(phone: string): string {
  return phone.length <= 2 ? '**' : `${'*'.repeat(phone.length - 2)}${phone.slice(-2)}`;
}

/**
 * The local SMS simulator: each message becomes a `.json` file in `dir` plus one log line with the
 * masked number (never the text, which holds a one-time code).
 */
export function createOutboxSmsProvider({ dir, log }: { dir: string; log: ProviderLogger }): SmsProvider {
  return {
    name: 'outbox',
    async send(message: SmsMessage) {
      const sentAt = new Date();
      const record: OutboxSms = { ...message, sentAt: sentAt.toISOString() };
      const written = await writeOutboxFiles(dir, outboxFileStem(sentAt), [
        { extension: '.json', content: `${JSON.stringify(record, null, 2)}\n` },
      ]);
      log.info(`sms to ${maskPhone(message.to)} (saved as ${written}.json)`);
    },
  };
}

/** Every message in an SMS outbox folder, oldest first. */
export async function readSmsOutbox(dir: string): Promise<OutboxSms[]> {
  return (await readOutboxRecords(dir)).map((record) => outboxSmsSchema.parse(record));
}

/** Where the SMS outbox lives under DATA_DIR. */
export const smsOutboxDir = (dataDir: string) => path.join(dataDir, 'outbox', 'sms');
