import { z } from 'zod';

/**
 * The rules every free-text field of the API follows, in one place for the server and the web forms
 * (docs/decisions/030-text-input.md). Text is Unicode without control characters (C0, DEL and C1)
 * and without unpaired UTF-16 surrogates: PostgreSQL cannot store NUL, a JSON column refuses a lone
 * surrogate, and the other control characters only hide or reorder what a reader sees. Multi-line
 * fields (comments, notes, reasons) keep tabs and line breaks.
 */

export const TEXT_MESSAGES = {
  singleLine: 'Use one line of text, without control characters such as tabs or line breaks.',
  multiLine: 'Remove the control characters from this text (tabs and line breaks are fine).',
  surrogate: 'This text holds an invalid character (an unpaired UTF-16 surrogate).',
} as const;

// Global patterns for `replace`; `search` ignores the global flag, and unlike `test` keeps no state.
/** Control characters (Unicode category Cc: U+0000–U+001F, U+007F–U+009F). */
const CONTROL = /\p{Cc}/gu;
/** Controls but tab and line feed. */
const CONTROL_BUT_TAB_AND_NEWLINE = /(?![\t\n])\p{Cc}/gu;
/** With the `u` flag, paired surrogates read as one code point, so this matches unpaired ones only. */
const LONE_SURROGATE = /\p{Cs}/gu;
const LINE_BREAK = /\r\n?/g;

export type TextKind = 'single-line' | 'multi-line';

const forbiddenControls = (kind: TextKind) =>
  kind === 'single-line' ? CONTROL : CONTROL_BUT_TAB_AND_NEWLINE;
/** Whether `pattern` occurs in `value`, without touching the shared pattern's state. */
const occurs = (pattern: RegExp, value: string) => value.search(pattern) !== -1;

/** CRLF and lone CR become LF: browsers send a textarea's line breaks as CRLF in a form. */
export function normaliseLineBreaks(value: string): string {
  return value.replace(LINE_BREAK, '\n');
}

/** True when `value` holds a control character the kind of text does not allow. */
export function hasForbiddenControl(value: string, kind: TextKind): boolean {
  return occurs(forbiddenControls(kind), value);
}

/** True when `value` holds an unpaired UTF-16 surrogate (not a well-formed Unicode string). */
export function hasLoneSurrogate(value: string): boolean {
  return occurs(LONE_SURROGATE, value);
}

/**
 * The text with what the rules forbid taken out: forbidden control characters removed, unpaired
 * surrogates replaced by U+FFFD (as `String.prototype.toWellFormed` does). For input that is cleaned
 * rather than refused: the analytics beacon, and the address form before it sends.
 */
export function cleanText(value: string, kind: TextKind = 'single-line'): string {
  const text = kind === 'multi-line' ? normaliseLineBreaks(value) : value;
  return text.replace(forbiddenControls(kind), '').replace(LONE_SURROGATE, '\uFFFD');
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * A string that refuses control characters (tabs and line breaks included) and unpaired surrogates
 * with a 422 naming the field. Chain the field's own rules after it: `singleLine().trim().max(60)`.
 * The check aborts the chain, so a refused value gets this one message.
 */
export function singleLine(params?: StringParams) {
  return z
    .string(params)
    .refine((value) => !hasForbiddenControl(value, 'single-line'), {
      message: TEXT_MESSAGES.singleLine,
      abort: true,
    })
    .refine((value) => !hasLoneSurrogate(value), { message: TEXT_MESSAGES.surrogate, abort: true });
}

/** Like `singleLine`, but tabs and line breaks stay (CRLF and CR are stored as LF). */
export function multiLine(params?: StringParams) {
  return z
    .string(params)
    .overwrite(normaliseLineBreaks)
    .refine((value) => !hasForbiddenControl(value, 'multi-line'), {
      message: TEXT_MESSAGES.multiLine,
      abort: true,
    })
    .refine((value) => !hasLoneSurrogate(value), { message: TEXT_MESSAGES.surrogate, abort: true });
}

/**
 * A string that is cleaned instead of refused (`cleanText`), for a sender that cannot show an error:
 * the analytics beacon. Chain the field's own rules after it.
 */
export function cleanedText(kind: TextKind = 'single-line') {
  return z.string().overwrite((value) => cleanText(value, kind));
}
