import { SMTPServer } from 'smtp-server';
import { expect } from './fixtures';

/**
 * A real SMTP server the shop sends its mail to, for journeys that read a mail: the shop must send to
 * smtp://127.0.0.1:$E2E_SMTP_PORT (playwright.config.ts sets SMTP_URL for the server it starts).
 * Start it in `beforeAll` and stop it in `afterAll`: one spec file at a time holds the port.
 */
export function createInbox(port = Number(process.env.E2E_SMTP_PORT ?? 2599)) {
  const messages: { to: string; raw: string }[] = [];
  let server: SMTPServer | undefined;

  /** The body of a raw message, with quoted-printable soft line breaks joined again. */
  const bodyOf = (raw: string) =>
    raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n')
      .replace(/=\r?\n/g, '');

  return {
    async start(): Promise<void> {
      const listening = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => {
            raw += chunk.toString('utf8');
          });
          stream.on('end', () => {
            messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), raw });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      server = listening;
    },

    async stop(): Promise<void> {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },

    /**
     * Waits for a mail to `to` whose body matches `pattern` (the newest such mail) and answers the
     * pattern's first group, looking only at the body, not the headers.
     */
    async find(to: string, pattern: RegExp): Promise<string> {
      let found: string | undefined;
      await expect
        .poll(
          () => {
            const match = messages
              .filter((message) => message.to === to)
              .map((message) => bodyOf(message.raw).match(pattern))
              .filter((candidate) => candidate !== null)
              .at(-1);
            found = match?.[1];
            return found;
          },
          { timeout: 15_000 },
        )
        .toBeTruthy();
      return found as string;
    },
  };
}
