import type { Gender } from '../../../common/schemas/catalog';
import { type SearchVocabulary, stem, wordKey } from './search-vocabulary';

/** The search filters a query's words can be read as; prices in rupees. */
export interface PhraseFilters {
  gender?: Gender;
  brand?: string;
  category?: string;
  subCategory?: string;
  type?: string;
  color?: string;
  size?: string;
  minPrice?: number;
  maxPrice?: number;
}
export type PhraseFilterName = keyof PhraseFilters;

/** What a query's words were read as. */
export interface UnderstoodQuery {
  /** Filters read from the words; none for a query of one word. */
  filters: PhraseFilters;
  /** The words searched as text, with synonyms applied. */
  words: string[];
  /** The words a brand or category level was read from, as keys: what suggestions match names against. */
  named: string[];
  /** The typed words that are still searched as text, as typed; undefined when every word was read as a filter. */
  text: string | undefined;
}

/** More words than this add nothing a shopper meant and only cost index work. */
const MAX_QUERY_WORDS = 8;

/** The words of a text query: split on spaces, without tokens that hold no letter or digit. */
export function queryWords(text: string): string[] {
  const words = text
    .replaceAll('\u0000', '')
    .split(/\s+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

interface Token {
  key: string;
  /** What is searched if the token stays text: the typed word, or a synonym's word. */
  text: string;
  /** The typed words (by position) this token came from. */
  raws: number[];
  used: boolean;
}

const AMOUNT = String.raw`\d[\d,]*(?:\.\d+)?(?:k|l|lac|lakh)?`;
const CURRENCY_BEFORE = /^(₹|rs\.?|inr)(\d.*)$/i;
const CURRENCY_AFTER = /^(\d.*?)(₹|rs\.?|inr|\/-|rupees?)$/i;
const RANGE = new RegExp(`^(₹?${AMOUNT})[-–—](₹?${AMOUNT})$`, 'i');
const COMPARISON = /^([<>]=?)(₹?\d.*)$/;

/** Signs that are words of a price phrase: comparisons, range dashes and the "/-" after an amount. */
const SIGN = /^([<>]=?|[-–—]|\/-)$/u;

/** A token's key: a sign as itself, a dash as "-", anything else by `wordKey`. */
function keyOf(part: string): string {
  if (!SIGN.test(part)) return wordKey(part);
  return /^[–—]$/u.test(part) ? '-' : part;
}

/** One typed word as tokens: amounts apart from currency signs and range dashes ("₹500-1,500"). */
function splitWord(word: string): string[] {
  const range = RANGE.exec(word);
  if (range) return [...splitWord(range[1] as string), 'to', ...splitWord(range[2] as string)];
  const before = CURRENCY_BEFORE.exec(word) ?? COMPARISON.exec(word);
  if (before) return [before[1] as string, ...splitWord(before[2] as string)];
  const after = CURRENCY_AFTER.exec(word);
  if (after) return [...splitWord(after[1] as string), after[2] as string];
  return [word];
}

const CURRENCY = new Set(['₹', 'rs', 'inr', 'rupee', 'rupees', 'rupaye', 'rupay', 'रुपये', 'रुपए', 'रुपया', 'रु']);
const MULTIPLIERS = new Map([
  ['k', 1000],
  ['thousand', 1000],
  ['hazar', 1000],
  ['hazaar', 1000],
  ['हज़ार', 1000],
  ['हजार', 1000],
  ['lakh', 100_000],
  ['lac', 100_000],
  ['लाख', 100_000],
]);

/** A price cue: the words, then whether it bounds from above (max) or below (min). */
type Cue = readonly [words: readonly string[], bound: 'max' | 'min'];
const cues = (bound: 'max' | 'min', phrases: string[]): Cue[] => phrases.map((p) => [p.split(' '), bound]);

/** Words before an amount: "under 1000", "above ₹500". */
const CUES_BEFORE: Cue[] = [
  ...cues('max', [
    'under',
    'below',
    'upto',
    'up to',
    'within',
    'max',
    'maximum',
    'less than',
    'lesser than',
    'not more than',
    'at most',
    'atmost',
    'cheaper than',
    'budget',
    '<',
    '<=',
  ]),
  ...cues('min', [
    'above',
    'over',
    'more than',
    'greater than',
    'higher than',
    'min',
    'minimum',
    'at least',
    'atleast',
    'starting from',
    'starting',
    'from',
    '>',
    '>=',
  ]),
];

/** Words after an amount: "1000 or less", "500 se upar", "1000 से कम". */
const CUES_AFTER: Cue[] = [
  ...cues('max', [
    'or less',
    'and less',
    'and below',
    'or below',
    'and under',
    'or under',
    'max',
    'se kam',
    'tak',
    'ke andar',
    'ke neeche',
    'se neeche',
    'से कम',
    'तक',
    'के अंदर',
    'के नीचे',
    'से नीचे',
  ]),
  ...cues('min', [
    'and above',
    'or above',
    'or more',
    'and more',
    'and over',
    'plus',
    'onwards',
    'upwards',
    'se upar',
    'se zyada',
    'se jyada',
    'se adhik',
    'से ऊपर',
    'से ज़्यादा',
    'से ज्यादा',
    'से अधिक',
  ]),
];

const RANGE_START = [['between'], ['from']];
const RANGE_JOIN = [['to'], ['and'], ['-'], ['se'], ['से']];
const RANGE_END = [['tak'], ['तक'], ['ke beech'], ['ke bich'], ['के बीच']].map(([p]) =>
  (p as string).split(' '),
);

const GENDER_WORDS = new Map<string, Gender>([
  ['men', 'Men'],
  ['man', 'Men'],
  ['mens', 'Men'],
  ['women', 'Women'],
  ['woman', 'Women'],
  ['womens', 'Women'],
  ['boy', 'Boy'],
  ['boys', 'Boy'],
  ['girl', 'Girl'],
  ['girls', 'Girl'],
]);

/** Words that join a phrase ("kurta for men", "mardon ke liye kurta") and name nothing themselves. */
const STOP_WORDS = new Set([
  'for',
  'with',
  'in',
  'of',
  'and',
  'the',
  'a',
  'an',
  'on',
  'to',
  'ke',
  'ki',
  'ka',
  'liye',
  'wala',
  'wali',
  'wale',
  'mein',
  'के',
  'की',
  'का',
  'लिए',
  'वाला',
  'वाली',
  'वाले',
  'में',
]);

/** "1,000" → 1000, "1,00,000" → 100000, "1.5k" → 1500, "2l" → 200000; undefined for anything else. */
export function amountOf(key: string): number | undefined {
  const match = /^(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d+))?(k|l|lac|lakh)?\+?$/.exec(key);
  if (!match) return undefined;
  const number = Number(`${(match[1] as string).replaceAll(',', '')}.${match[2] ?? '0'}`);
  const unit = match[3] === 'k' ? 1000 : match[3] ? 100_000 : 1;
  return number * unit;
}

/**
 * Reads `text` against the catalog's vocabulary (docs/decisions/080): synonyms first ("lehanga" is
 * read as lehenga, "साड़ी" as saree), then, for a query of two or more words, prices ("under 1000",
 * "between 500 and 1500", "₹999", "1k se kam"), "size M", names of brands, category levels and
 * colours that every product mentioning them carries ("saree" is the sub-category Sarees, "red" the
 * colour Red), and men, women, boys or girls; joining words ("for", "ke liye") are dropped. What is
 * left is searched as text. A filter already set (`taken`) is not read again: its words stay text.
 */
export function understandQuery(
  text: string,
  vocabulary: SearchVocabulary,
  taken: ReadonlySet<PhraseFilterName> = new Set(),
): UnderstoodQuery {
  let reading = readOnce(text, vocabulary, taken);
  // Words read as filters may leave others side by side that now say more ("under red 1000": "under
  // 1000"), so the rest is read again until nothing new is found: reading the answer's `text` with its
  // filters set finds nothing more, so a client may put both in its URL and search again.
  while (reading.text !== undefined) {
    const set = new Set([...taken, ...(Object.keys(reading.filters) as PhraseFilterName[])]);
    const again = readOnce(reading.text, vocabulary, set);
    if (Object.keys(again.filters).length === 0) break;
    reading = {
      ...again,
      filters: { ...reading.filters, ...again.filters },
      named: [...reading.named, ...again.named],
    };
  }
  return reading;
}

function readOnce(
  text: string,
  vocabulary: SearchVocabulary,
  taken: ReadonlySet<PhraseFilterName>,
): UnderstoodQuery {
  const typed = text
    .replaceAll('\u0000', '')
    .split(/\s+/u)
    .filter((w) => w !== '');
  const split: Token[] = typed.flatMap((word, raw) =>
    splitWord(word).map((part) => ({ key: keyOf(part), text: part, raws: [raw], used: false })),
  );
  const tokens = withSynonyms(
    split.filter((t) => t.key !== ''),
    vocabulary,
  );
  const filters: PhraseFilters = {};
  const named: string[] = [];
  const isPhrase = tokens.filter((t) => /[\p{L}\p{N}₹]/u.test(t.key)).length >= 2;
  if (isPhrase) {
    readPrices(tokens, filters, taken);
    readSizes(tokens, vocabulary, filters, taken);
    readNames(tokens, vocabulary, filters, taken, named);
    readGenders(tokens, vocabulary, filters, taken);
  }
  const content = tokens.filter((t) => !t.used && /[\p{L}\p{N}]/u.test(t.text));
  const meaningful = content.filter((t) => !STOP_WORDS.has(t.key));
  // Joining words go once something else carries the query; a query of only such words is searched as typed.
  const kept = isPhrase && (meaningful.length > 0 || Object.keys(filters).length > 0) ? meaningful : content;
  const words = queryWords(kept.map((t) => t.text).join(' '));
  const leftover = new Set(kept.flatMap((t) => t.raws));
  const rest = typed.filter((_, raw) => leftover.has(raw)).join(' ');
  return { filters, words, named, text: rest === '' ? undefined : rest };
}

/** Tokens with synonyms put in, longest term first; a term is also found by its last word's singular. */
function withSynonyms(tokens: Token[], vocabulary: SearchVocabulary): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    let replaced = false;
    for (let n = Math.min(vocabulary.synonymLength, tokens.length - i); n >= 1 && !replaced; n--) {
      const run = tokens.slice(i, i + n);
      const keys = run.map((t) => t.key);
      const replacement =
        vocabulary.synonyms.get(keys.join(' ')) ??
        vocabulary.synonyms.get([...keys.slice(0, -1), stem(keys[n - 1] as string)].join(' '));
      if (!replacement) continue;
      const raws = [...new Set(run.flatMap((t) => t.raws))];
      for (const word of replacement) out.push({ key: word, text: word, raws, used: false });
      i += n;
      replaced = true;
    }
    if (!replaced) {
      out.push(tokens[i] as Token);
      i += 1;
    }
  }
  return out;
}

/** The index after `words` when the unused tokens from `at` spell them, else -1. */
function spells(tokens: Token[], at: number, words: readonly string[]): number {
  for (let k = 0; k < words.length; k++) {
    const token = tokens[at + k];
    if (!token || token.used || token.key !== words[k]) return -1;
  }
  return at + words.length;
}

function spellsAny(tokens: Token[], at: number, options: readonly (readonly string[])[]): number {
  for (const words of options) {
    const end = spells(tokens, at, words);
    if (end !== -1) return end;
  }
  return -1;
}

/** An amount at `at`, with a currency sign or word before or after it and a multiplier ("2 lakh"). */
function amountAt(
  tokens: Token[],
  at: number,
): { rupees: number; end: number; currency: boolean } | undefined {
  let i = at;
  let currency = false;
  const isCurrency = (t: Token | undefined) =>
    t !== undefined && !t.used && (CURRENCY.has(t.key) || t.key === '/-');
  if (isCurrency(tokens[i])) {
    currency = true;
    i += 1;
  }
  const token = tokens[i];
  if (!token || token.used) return undefined;
  const plus = token.key.endsWith('+');
  const base = amountOf(token.key);
  if (base === undefined) return undefined;
  i += 1;
  const multiplier = tokens[i] && !tokens[i]?.used ? MULTIPLIERS.get(tokens[i]?.key as string) : undefined;
  if (multiplier) i += 1;
  if (isCurrency(tokens[i])) {
    currency = true;
    i += 1;
  }
  // "500+" says "500 and above" on its own; the bound is read by the caller from the cue.
  return { rupees: base * (multiplier ?? 1), end: i, currency: currency || plus };
}

function use(tokens: Token[], from: number, to: number) {
  for (let k = from; k < to; k++) (tokens[k] as Token).used = true;
}

function setPrice(
  filters: PhraseFilters,
  taken: ReadonlySet<PhraseFilterName>,
  bound: 'max' | 'min',
  rupees: number,
) {
  const name = bound === 'max' ? 'maxPrice' : 'minPrice';
  if (taken.has(name) || filters[name] !== undefined) return false;
  filters[name] = rupees;
  return true;
}

/** A price range at `at`: "between 500 and 1500", "from 500 to 1500", "500-1500", "500 se 1500 tak". */
function readRange(
  tokens: Token[],
  at: number,
  filters: PhraseFilters,
  taken: ReadonlySet<PhraseFilterName>,
) {
  const start = spellsAny(tokens, at, RANGE_START);
  const low = amountAt(tokens, start === -1 ? at : start);
  if (!low) return false;
  const join = spellsAny(tokens, low.end, RANGE_JOIN);
  if (join === -1) return false;
  const high = amountAt(tokens, join);
  if (!high) return false;
  if (taken.has('minPrice') || taken.has('maxPrice') || filters.minPrice !== undefined) return false;
  const [min, max] = low.rupees <= high.rupees ? [low.rupees, high.rupees] : [high.rupees, low.rupees];
  filters.minPrice = min;
  filters.maxPrice = max;
  const end = spellsAny(tokens, high.end, RANGE_END);
  use(tokens, at, end === -1 ? high.end : end);
  return true;
}

function readPrices(tokens: Token[], filters: PhraseFilters, taken: ReadonlySet<PhraseFilterName>) {
  for (let at = 0; at < tokens.length; at++) {
    if (tokens[at]?.used || readRange(tokens, at, filters, taken)) continue;
    const before = CUES_BEFORE.find(([words]) => spells(tokens, at, words) !== -1);
    if (before) {
      const amount = amountAt(tokens, spells(tokens, at, before[0]));
      if (amount && setPrice(filters, taken, before[1], amount.rupees)) {
        use(tokens, at, amount.end);
        continue;
      }
    }
    const amount = amountAt(tokens, at);
    if (!amount) continue;
    const after = CUES_AFTER.find(([words]) => spells(tokens, amount.end, words) !== -1);
    if (after) {
      if (setPrice(filters, taken, after[1], amount.rupees))
        use(tokens, at, spells(tokens, amount.end, after[0]));
      continue;
    }
    const plus = (tokens[amount.end - 1]?.key ?? '').endsWith('+') || tokens[at]?.key.endsWith('+');
    // A bare amount with a rupee sign ("kurti ₹500") reads as a budget; without one it may be a size.
    if (amount.currency && setPrice(filters, taken, plus ? 'min' : 'max', amount.rupees)) {
      use(tokens, at, amount.end);
    }
  }
}

function readSizes(
  tokens: Token[],
  vocabulary: SearchVocabulary,
  filters: PhraseFilters,
  taken: ReadonlySet<PhraseFilterName>,
) {
  if (taken.has('size')) return;
  for (let at = 0; at + 1 < tokens.length; at++) {
    const size = vocabulary.sizes.get(tokens[at + 1]?.key ?? '');
    if (spells(tokens, at, ['size']) === -1 || !size || tokens[at + 1]?.used) continue;
    filters.size = size;
    use(tokens, at, at + 2);
    return;
  }
}

/** Brand, category-level and colour names, longest phrase first. */
function readNames(
  tokens: Token[],
  vocabulary: SearchVocabulary,
  filters: PhraseFilters,
  taken: ReadonlySet<PhraseFilterName>,
  named: string[],
) {
  for (let at = 0; at < tokens.length; at++) {
    for (let n = Math.min(vocabulary.filterLength, tokens.length - at); n >= 1; n--) {
      const run = tokens.slice(at, at + n);
      if (run.some((t) => t.used || t.key === '')) continue;
      const found = vocabulary.filters.get(run.map((t) => stem(t.key)).join(' '));
      if (!found || taken.has(found.field) || filters[found.field] !== undefined) continue;
      filters[found.field] = found.value;
      if (found.field !== 'color') named.push(run.map((t) => t.key).join(' '));
      use(tokens, at, at + n);
      at += n - 1;
      break;
    }
  }
}

function readGenders(
  tokens: Token[],
  vocabulary: SearchVocabulary,
  filters: PhraseFilters,
  taken: ReadonlySet<PhraseFilterName>,
) {
  if (taken.has('gender')) return;
  for (const token of tokens) {
    const gender = GENDER_WORDS.get(token.key);
    if (token.used || !gender || !vocabulary.genders.has(gender) || filters.gender !== undefined) continue;
    filters.gender = gender;
    token.used = true;
  }
}
