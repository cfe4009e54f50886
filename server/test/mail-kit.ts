import type { MailMessage, MailProvider } from '../providers';

/** A mail provider that keeps what it is given, so tests read what a person would get. */
export function createMailbox() {
  const messages: MailMessage[] = [];
  const provider: MailProvider = {
    name: 'test-mailbox',
    send: async (message) => {
      messages.push(message);
    },
  };
  return {
    provider,
    messages,
    to: (email: string) => messages.filter((m) => m.to === email),
    /** The newest mail to `email` whose subject matches; fails the test when there is none. */
    latest(email: string, subject: RegExp): MailMessage {
      const mail = messages.filter((m) => m.to === email && subject.test(m.subject)).at(-1);
      if (!mail) throw new Error(`no mail matching ${subject} sent to ${email}`);
      return mail;
    },
  };
}
export type Mailbox = ReturnType<typeof createMailbox>;
