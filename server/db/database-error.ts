/**
 * What PostgreSQL says about a failed statement that is safe to act on and to log: the SQLSTATE code
 * and the names of what failed. Never the query, its parameters, the detail or the message, which
 * quote the values (`Key (email)=(…) already exists`, `invalid input syntax for type uuid: "…"`).
 */
export interface DatabaseErrorFacts {
  /** The SQLSTATE, e.g. 23505 unique_violation (postgresql.org/docs/current/errcodes-appendix.html). */
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The server function that raised it (`report_invalid_encoding_int`): a hint without values. */
  routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

const stringField = (value: object, key: string): string | undefined => {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.length > 0 ? field : undefined;
};

/**
 * The facts of a database error, or undefined for any other error. Drizzle wraps the driver's error
 * (node-postgres and PGlite both carry `code` and `severity`) in its own, so the causes are searched.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorFacts | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = stringField(current, 'code');
    if (code && SQLSTATE.test(code) && stringField(current, 'severity')) {
      const facts: DatabaseErrorFacts = { code };
      for (const key of ['severity', 'constraint', 'table', 'column', 'routine'] as const) {
        const value = stringField(current, key);
        if (value) facts[key] = value;
      }
      return facts;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
