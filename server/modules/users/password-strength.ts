import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_SPECIAL_CHARACTERS, passwordSchema } from '../../../common/schemas/auth';
import { ValidationError } from '../../errors';

/**
 * Why a new password is refused, in the shopper's words (docs/decisions/023-password-strength.md).
 * Each says what is wrong, so the shopper knows what to change.
 */
export const PASSWORD_STRENGTH_MESSAGES = {
  breached: 'This password appears in lists of leaked passwords. Please choose another one.',
  common:
    'This password is too common: a well-known word or name with a symbol and a few digits added (like Password@123) is among the first guesses attackers try. Please choose another one.',
  guessable:
    'This password is too easy to guess. Avoid names, common words, your email and patterns such as 123 or qwerty; a few unrelated words together make a strong password that is easy to remember.',
} as const;

export type PasswordWeakness = keyof typeof PASSWORD_STRENGTH_MESSAGES;

/**
 * zxcvbn's score runs from 0 to 4; 3 means about 10^8 guesses or more, "safely unguessable" for an
 * attacker who must try each guess against our argon2id hash or our sign-in limits.
 */
export const MIN_STRENGTH_SCORE = 3;

const SPECIAL = `[${PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`;
/**
 * The shape people give a common word to pass composition rules: the word, then up to three special
 * characters and digits, in either order (`Password@123`, `Password123!`, `India@2024`, `Admin#1`).
 */
const DECORATED_WORD = new RegExp(`^([a-z]{3,})(${SPECIAL}{0,3})([0-9]{1,10})(${SPECIAL}{0,3})$`, 'i');
const ASCENDING_DIGITS = '01234567890';
const DESCENDING_DIGITS = '09876543210';

/**
 * Digits people add by habit rather than chance: up to four (123, 786, a year), a run such as 12345 or
 * 54321, or one digit repeated. Longer random digits are left to the estimator.
 */
function isHabitualNumber(digits: string): boolean {
  return (
    digits.length <= 4 ||
    ASCENDING_DIGITS.includes(digits) ||
    DESCENDING_DIGITS.includes(digits) ||
    /^(.)\1*$/.test(digits)
  );
}

interface Judge {
  /** The leaked-password list of @zxcvbn-ts/language-common, lower-cased (~49k entries). */
  leaked: Set<string>;
  estimator: ZxcvbnFactory;
}

let judge: Promise<Judge> | undefined;

/**
 * Loads the dictionaries (several megabytes) on first use only, so start-up and the processes that
 * never set a password do not pay for them.
 */
function loadJudge(): Promise<Judge> {
  judge ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => ({
      leaked: new Set(common.dictionary['passwords-common'].map((word) => word.toLowerCase())),
      estimator: new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
    }),
  );
  return judge;
}

/** Words of the shopper's own details (name, email) an attacker would try first. */
function contextWords(context: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of context) {
    const lower = text.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    for (const part of lower.split(/[^a-z0-9]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Judges a new password the way NIST SP 800-63B §5.1.1.2 asks: refused when it is a known leaked
 * password, a common word dressed up to pass the composition rules, or otherwise easy to guess
 * (zxcvbn, which also knows the shopper's own name and email from `context`). Null when it is fine.
 * The composition rules of SPEC.md §5 are checked separately (common/schemas/auth.ts).
 */
export async function passwordWeakness(
  password: string,
  context: readonly string[] = [],
): Promise<PasswordWeakness | null> {
  const { leaked, estimator } = await loadJudge();
  const lower = password.toLowerCase();
  if (leaked.has(lower)) return 'breached';
  const decorated = DECORATED_WORD.exec(lower);
  if (decorated?.[1] && decorated[3] && leaked.has(decorated[1]) && isHabitualNumber(decorated[3])) {
    return 'common';
  }
  const { score } = estimator.check(password, contextWords(context));
  return score < MIN_STRENGTH_SCORE ? 'guessable' : null;
}

/**
 * SPEC.md §5 rules, then strength: leaked, a dressed-up common word, or easy to guess given the
 * account's own name and email (`context`). Throws a 422 that names `field` and says why.
 */
export async function checkNewPassword(password: string, field: string, context: string[]): Promise<void> {
  const rules = passwordSchema.safeParse(password);
  if (!rules.success) {
    throw new ValidationError(rules.error.issues.map((issue) => ({ path: field, msg: issue.message })));
  }
  const weakness = await passwordWeakness(password, context);
  if (weakness) throw new ValidationError([{ path: field, msg: PASSWORD_STRENGTH_MESSAGES[weakness] }]);
}
