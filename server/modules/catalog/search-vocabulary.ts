import { TOP_LEVEL_CATEGORIES } from '../../../common/constants';
import type { Gender } from '../../../common/schemas/catalog';
import type { CategoryPath } from './category-tree';

/** The filters a word of a search can stand for, beside gender, size and price. */
export type PhraseField = 'brand' | 'category' | 'subCategory' | 'type' | 'color';

/** A phrase that may stand for one filter value, and the pattern its mentions are found by. */
export interface FilterCandidate {
  /** The phrase's words, stemmed, joined by one space: "salwar suit". */
  phrase: string;
  field: PhraseField;
  value: string;
}

/** What the catalog holds that a search's words are read against (catalog.repository.ts reads it). */
export interface VocabularySource {
  synonyms: { term: string; replacement: string }[];
  paths: CategoryPath[];
  colors: string[];
  sizes: string[];
  /** The words of the products' names, brands and categories, lower-case. */
  titleWords: string[];
}

/** The words a search understands, built once per cache period from the catalog (docs/decisions/080). */
export interface SearchVocabulary {
  /** Synonyms in effect: a term's key (see `phraseKey`) → the words it is read as. */
  synonyms: ReadonlyMap<string, readonly string[]>;
  /** The most words a synonym term has. */
  synonymLength: number;
  /** Stemmed phrases that stand for one filter value. */
  filters: ReadonlyMap<string, { field: PhraseField; value: string }>;
  /** The most words such a phrase has. */
  filterLength: number;
  genders: ReadonlySet<Gender>;
  /** Sizes by their lower-case key: "xl" → "XL". */
  sizes: ReadonlyMap<string, string>;
}

/**
 * The key a typed word is compared by: Unicode NFC (so a precomposed and a decomposed "ड़" are the
 * same), lower case, without apostrophes ("men's" is "mens") and without punctuation at its ends.
 */
export function wordKey(word: string): string {
  return word
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’‘`]/gu, '')
    .replace(/^[^\p{L}\p{N}\p{M}₹<>+]+|[^\p{L}\p{N}\p{M}₹+]+$/gu, '');
}

/** The key of a phrase: each word's key, joined by one space. */
export function phraseKey(text: string): string {
  return text
    .split(/\s+/u)
    .map(wordKey)
    .filter((w) => w !== '')
    .join(' ');
}

/**
 * English plural to singular, enough for category names: "sarees" → "saree", "watches" → "watch",
 * "accessories" → "accessory", "dress" stays. Words of other scripts are left alone.
 */
export function stem(word: string): string {
  if (!/^[a-z][a-z-]*$/.test(word) || word.length < 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A phrase's key with each word stemmed: how filter values and typed words meet. */
export function stemmedKey(text: string): string {
  return phraseKey(text).split(' ').map(stem).join(' ');
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

/**
 * A PostgreSQL regular expression for a mention of a stemmed phrase in lower-case text: at the start
 * of a word, in its singular or plural ("saree" finds "sarees", "accessory" finds "accessories").
 */
export function mentionPattern(phrase: string): string {
  const escaped = phrase.replace(REGEX_SPECIAL, '\\$&');
  return `(^|[^[:alnum:]])${escaped.endsWith('y') ? `${escaped.slice(0, -1)}(y|ie)` : escaped}`;
}

const LEVELS = ['category', 'subCategory', 'type'] as const;

/**
 * Every phrase that may stand for a filter: the names of the category levels, brands and colours.
 * A phrase that names two different values (the type "Kurta" and the sub-category "Kurtas") is
 * ambiguous and left out: the shopper's word is searched as text instead.
 */
export function filterCandidates(source: VocabularySource): FilterCandidate[] {
  const byPhrase = new Map<string, FilterCandidate | null>();
  const add = (field: PhraseField, value: string) => {
    const phrase = stemmedKey(value);
    if (phrase === '') return;
    const known = byPhrase.get(phrase);
    if (known === undefined) byPhrase.set(phrase, { phrase, field, value });
    else if (known && (known.field !== field || known.value !== value)) byPhrase.set(phrase, null);
  };
  for (const path of source.paths) {
    for (const level of LEVELS) add(level, path[level]);
    add('brand', path.brand);
  }
  // A colour that is part of another's name ("pink" of "Rani Pink") names a family the one-value
  // colour filter cannot hold, so it is searched as text too.
  const colors = source.colors.map(stemmedKey);
  for (const color of source.colors) {
    const phrase = stemmedKey(color);
    if (!colors.some((other) => other !== phrase && ` ${other} `.includes(` ${phrase} `)))
      add('color', color);
  }
  return [...byPhrase.values()].filter((c): c is FilterCandidate => c !== null);
}

function longest(keys: Iterable<string>): number {
  let most = 0;
  for (const key of keys) most = Math.max(most, key.split(' ').length);
  return most;
}

/**
 * The vocabulary from the catalog's own words. `holding` are the candidates (of `filterCandidates`)
 * that every product mentioning them carries. A synonym whose term the catalog uses itself, each of
 * its words (or their plural) among the words of the products' names, brands and categories, is left
 * out: the shop evidently calls something that, and the term is searched as typed.
 */
export function buildSearchVocabulary(
  source: VocabularySource,
  holding: readonly FilterCandidate[],
): SearchVocabulary {
  const used = new Set(source.titleWords.map((word) => stem(wordKey(word))));
  const synonyms = new Map<string, string[]>();
  for (const { term, replacement } of source.synonyms) {
    const key = phraseKey(term);
    const words = phraseKey(replacement).split(' ');
    if (key === '' || words[0] === '') continue;
    if (key.split(' ').every((word) => used.has(stem(word)))) continue;
    synonyms.set(key, words);
  }
  const filters = new Map(holding.map((c) => [c.phrase, { field: c.field, value: c.value }]));
  const present = new Set(source.paths.map((p) => p.gender));
  const sizes = new Map(source.sizes.map((size) => [wordKey(size), size]));
  return {
    synonyms,
    synonymLength: longest(synonyms.keys()),
    filters,
    filterLength: longest(filters.keys()),
    genders: new Set(TOP_LEVEL_CATEGORIES.filter((g) => present.has(g))),
    sizes,
  };
}
