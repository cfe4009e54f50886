/** One text message to an Indian mobile number (10 digits, without +91). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends text messages. Only the local `outbox` simulator exists so far (see ../README.md). */
export interface SmsProvider {
  readonly name: 'outbox' | (string & {});
  /** Resolves once the message is handed over. */
  send(message: SmsMessage): Promise<void>;
}
