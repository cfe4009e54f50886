import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sessionIdOf } from '../../modules/users/sessions.service';

/**
 * What must never come out of the server, in an answer or in its log, and how the fuzz test looks for
 * it. Stack traces and file paths are looked for in answers only: the log keeps an error's stack
 * frames on purpose (docs/decisions/031-logs-without-secrets.md), and a simulator's log line names
 * the file it saved a mail to. SQL text and secrets are looked for in both.
 */

export type Oracle =
  | 'server error'
  | 'slow answer'
  | 'leak in answer'
  | 'leak in log'
  | 'refused by the database'
  | 'order changed by a refused request'
  | 'server down';

/** The slowest answer the fuzz test accepts. */
export const SLOW_ANSWER_MS = 2000;

/** Every line the app logs, kept in memory; `take` hands over the lines logged since the last call. */
export class LogCapture {
  private pending: string[] = [];
  private partial = '';
  readonly stream = new Writable({
    write: (chunk, _encoding, done) => {
      const text = this.partial + chunk.toString();
      const lines = text.split('\n');
      this.partial = lines.pop() ?? '';
      this.pending.push(...lines.filter(Boolean));
      done();
    },
  });

  take(): string[] {
    const lines = this.pending;
    this.pending = [];
    return lines;
  }
}

type Where = 'everywhere' | 'log';

// Shapes of the secrets that are minted all the time, found by shape and then looked up, so a check
// stays one pass over the text however many sessions the run has opened.
const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const CSRF_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const SESSION_ID_SHAPE = /(?<![a-f0-9])[a-f0-9]{64}(?![a-f0-9])/g;
const OTP_SHAPE = /(?<![0-9])[0-9]{6}(?![0-9])/g;

/**
 * The secrets of one run: fixed ones (passwords, provider secrets, addresses) and those minted while
 * it runs (session tokens and their stored ids, CSRF tokens, one-time codes).
 */
export class SecretBook {
  private readonly fixed = new Map<string, { name: string; where: Where }>();
  private readonly sessionTokens = new Set<string>();
  private readonly sessionIds = new Set<string>();
  private readonly csrfTokens = new Set<string>();
  private readonly otps = new Set<string>();

  add(name: string, value: string | null | undefined, where: Where = 'everywhere'): void {
    if (value && value.length >= 4) this.fixed.set(value, { name, where });
  }

  addSessionToken(token: string): void {
    if (!token || this.sessionTokens.has(token)) return;
    this.sessionTokens.add(token);
    this.sessionIds.add(sessionIdOf(token));
  }

  addCsrfToken(token: string): void {
    this.csrfTokens.add(token);
  }

  addOtp(code: string): void {
    this.otps.add(code);
  }

  /** The secrets in `text`, each with its name; `csrfAllowed` for the one answer that hands out a token. */
  find(text: string, where: 'answer' | 'log', { csrfAllowed = false } = {}): Secret[] {
    const found: Secret[] = [];
    for (const [value, secret] of this.fixed) {
      if ((secret.where === 'everywhere' || where === 'log') && text.includes(value)) {
        found.push({ name: secret.name, value });
      }
    }
    const byShape = (shape: RegExp, known: Set<string>, name: string) => {
      for (const [value] of text.matchAll(shape)) if (known.has(value)) found.push({ name, value });
    };
    byShape(TOKEN_SHAPE, this.sessionTokens, 'a session token');
    byShape(SESSION_ID_SHAPE, this.sessionIds, 'a stored session id');
    if (!csrfAllowed) byShape(CSRF_SHAPE, this.csrfTokens, 'a CSRF token');
    if (where === 'log') byShape(OTP_SHAPE, this.otps, 'a one-time code');
    return found;
  }
}

export interface Secret {
  name: string;
  value: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const STACK_TRACE = [
  /\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)/,
  /\bat\s+(?:file:\/\/|node:internal|\/)[^\s"]*:\d+:\d+/,
];
const SQL_TEXT = [
  /\bselect\s+[\w"*.,\s()]{1,200}?\s+from\s+["\w]/i,
  /\binsert\s+into\s+["\w]/i,
  /\bupdate\s+"?\w+"?\s+set\s+"?\w/i,
  /\bdelete\s+from\s+["\w]/i,
  /violates (?:unique|foreign key|check|not-null|exclusion) constraint/i,
  /duplicate key value|invalid input syntax for|syntax error at or near/i,
  /relation "[^"]+" does not exist|column "[^"]+" (?:of relation|does not exist)/i,
  /Failed query:\s/,
];
const FILE_PATH = [
  new RegExp(repoRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  new RegExp(os.tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /\/node_modules\//,
  /file:\/\/\//,
  /\/(?:server|common|web)\/[\w./-]+\.(?:ts|tsx|js|mjs|cjs)\b/,
];

/**
 * The first match of any pattern that is no echo: not carried by the request itself, nor part of the
 * text the fuzzer may have stored before (an order note that reads like SQL comes back in My Orders).
 */
function unechoed(
  patterns: RegExp[],
  text: string,
  sent: string,
  stored: readonly string[] = [],
): string | undefined {
  for (const pattern of patterns) {
    const match = pattern.exec(text)?.[0];
    if (match && !sent.includes(match) && !stored.some((value) => value.includes(match))) return match;
  }
  return undefined;
}

/** What an answer body gives away, each as a short description. */
export function answerLeaks(
  body: string,
  sent: string,
  secrets: SecretBook,
  { csrfAllowed = false, stored = [] as readonly string[] } = {},
): string[] {
  const leaks: string[] = [];
  const stack = unechoed(STACK_TRACE, body, sent, stored);
  if (stack) leaks.push(`a stack trace (${stack})`);
  const sql = unechoed(SQL_TEXT, body, sent, stored);
  if (sql) leaks.push(`SQL text (${sql})`);
  const file = unechoed(FILE_PATH, body, sent, stored);
  if (file) leaks.push(`a file path (${file})`);
  // A value the request itself sent (a password typed into a form) is no leak when it comes back.
  for (const secret of secrets.find(body, 'answer', { csrfAllowed })) {
    if (!sent.includes(secret.value)) leaks.push(secret.name);
  }
  return [...new Set(leaks)];
}

/** What one log line gives away. */
export function logLeaks(line: string, sent: string, secrets: SecretBook): string[] {
  const leaks: string[] = [];
  const sql = unechoed(SQL_TEXT, line, sent);
  if (sql) leaks.push(`SQL text (${sql})`);
  for (const secret of secrets.find(line, 'log')) leaks.push(secret.name);
  return [...new Set(leaks)];
}

/** True for the warning the error handler writes when the database, not a schema, refused input. */
export function isDatabaseRefusal(line: string): boolean {
  return line.includes('"msg":"request refused by the database"');
}
