/**
 * What the fuzz test checks of every answer. Each request must be answered, in time, by something
 * other than a server error; the server must still be up after each batch.
 */

export type Oracle = 'server error' | 'slow answer' | 'server down';

/** The slowest answer the fuzz test accepts. */
export const SLOW_ANSWER_MS = 2000;
