/**
 * What a provider needs to report: one line per message sent by a simulator, a warning when an outside
 * service fails. Fastify's logger (pino) and `console` both fit.
 */
export interface ProviderLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** A logger that drops everything, for unit tests. */
export const silentLogger: ProviderLogger = { info: () => {}, warn: () => {} };
