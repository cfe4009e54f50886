/** One email: plain text always (every client can read it), HTML optionally. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends email. `smtp` talks to a real server; `outbox` keeps each message as files under DATA_DIR. */
export interface MailProvider {
  readonly name: 'smtp' | 'outbox' | (string & {});
  /** Resolves once the message is handed over (accepted by the server, or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  /** Closes open connections, if any. */
  close?(): Promise<void>;
}
