import type { MailMessage, MailProvider } from '../../providers';

/**
 * Sends mail without making the request wait for it. Password recovery answers the same, at the same
 * speed, whether or not the email has an account; waiting for the SMTP server only in the first case
 * would tell them apart. A failed delivery is logged. `idle()` resolves when every message in flight
 * has been handed over (the app awaits it on close, tests before reading an outbox).
 */
export function createBackgroundMailer(
  mail: MailProvider,
  onError: (error: unknown, message: MailMessage) => void,
) {
  const inFlight = new Set<Promise<void>>();
  return {
    send(message: MailMessage): void {
      const delivery = mail
        .send(message)
        .catch((error: unknown) => onError(error, message))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
export type BackgroundMailer = ReturnType<typeof createBackgroundMailer>;
