import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountOf, queryWords, understandQuery } from './search-phrase';
import { buildSearchVocabulary, filterCandidates, type VocabularySource } from './search-vocabulary';

const path = (gender: string, category: string, subCategory: string, type: string, brand = 'Pehnava') => ({
  gender,
  brand,
  category,
  subCategory,
  type,
});

const source: VocabularySource = {
  synonyms: [
    { term: 'lehanga', replacement: 'lehenga' },
    { term: 'kurthi', replacement: 'kurti' },
    { term: 'chudidar', replacement: 'churidar' },
    { term: 'साड़ी', replacement: 'saree' },
    { term: 'laal', replacement: 'red' },
    { term: 'ladies', replacement: 'women' },
    { term: 'salwar kameez', replacement: 'salwar suit' },
    { term: 'jhumki', replacement: 'jhumka' },
    { term: 'sajawat', replacement: 'home decor' },
  ],
  paths: [
    path('Women', 'Clothing', 'Sarees', 'Banarasi'),
    path('Women', 'Clothing', 'Ethnic Wear', 'Kurti'),
    path('Women', 'Clothing', 'Ethnic Wear', 'Salwar Suit'),
    path('Men', 'Clothing', 'Ethnic Wear', 'Kurta'),
    path('Brand', 'Clothing', 'Kurtas', 'Kurta', 'Neelgar Indigo'),
    path('Others', 'Home Decor', 'Lighting', 'Diya'),
    path('Girl', 'Clothing', 'Ethnic Wear', 'Lehenga Choli'),
  ],
  colors: ['Red', 'Rani Pink', 'Pink', 'Gold', 'Indigo'],
  sizes: ['M', 'XL', '32', 'Free'],
  titleWords: ['banarasi', 'silk', 'sarees', 'pehnava', 'kurta', 'kurtas'],
};

/** Every candidate holds except those the test names (as the database would find for "Gold-Plated …"). */
function vocabulary(failing: string[] = ['gold'], titleWords = source.titleWords) {
  const candidates = filterCandidates(source);
  return buildSearchVocabulary(
    { ...source, titleWords },
    candidates.filter((c) => !failing.includes(c.phrase)),
  );
}

const read = (text: string, taken: string[] = []) =>
  understandQuery(text, vocabulary(), new Set(taken) as Parameters<typeof understandQuery>[2]);

describe('understandQuery: synonyms', () => {
  it('reads common spellings, Hindi and Hinglish words as the catalog spells them', () => {
    expect(read('lehanga').words).toEqual(['lehenga']);
    expect(read('Kurthi').words).toEqual(['kurti']);
    expect(read('chudidar').words).toEqual(['churidar']);
    expect(read('साड़ी').words).toEqual(['saree']);
    // The singular of a plural finds the term too.
    expect(read('jhumkis').words).toEqual(['jhumka']);
  });

  it('keeps the typed words, and reads one word as text only', () => {
    const one = read('lehanga');
    expect(one).toEqual({ filters: {}, words: ['lehenga'], named: [], text: 'lehanga' });
    // "red" alone is searched as text: a single word may name anything.
    expect(read('red')).toEqual({ filters: {}, words: ['red'], named: [], text: 'red' });
  });

  it('leaves a term the catalog itself uses as a word as typed', () => {
    expect(understandQuery('साड़ी', vocabulary([], ['हैंडलूम', 'साड़ी'])).words).toEqual(['साड़ी']);
    expect(understandQuery('kurthi', vocabulary([], ['kurthis'])).words).toEqual(['kurthi']);
    // Part of a longer word is no use: "lal" is not "lalit".
    expect(understandQuery('laal', vocabulary([], ['laalit'])).words).toEqual(['red']);
  });

  it('matches a Devanagari word typed precomposed or decomposed', () => {
    const decomposed = 'साड़ी'.normalize('NFD');
    expect(read(decomposed).words).toEqual(['saree']);
  });

  it('replaces a phrase of several words', () => {
    expect(read('salwar kameez')).toMatchObject({
      filters: { type: 'Salwar Suit' },
      words: [],
      text: undefined,
    });
  });
});

describe('understandQuery: phrases', () => {
  it('reads "red saree under 1000" as colour, sub-category and price', () => {
    expect(read('red saree under 1000')).toEqual({
      filters: { color: 'Red', subCategory: 'Sarees', maxPrice: 1000 },
      words: [],
      named: ['saree'],
      text: undefined,
    });
  });

  it('keeps the rest of the words as text, as typed', () => {
    expect(read('Laal silk sarees above ₹500')).toEqual({
      filters: { color: 'Red', subCategory: 'Sarees', minPrice: 500 },
      words: ['silk'],
      named: ['sarees'],
      text: 'silk',
    });
    expect(read('lehanga for girls under 2k')).toEqual({
      filters: { gender: 'Girl', maxPrice: 2000 },
      words: ['lehenga'],
      named: [],
      text: 'lehanga',
    });
  });

  it.each([
    ['saree under 1000', { maxPrice: 1000 }],
    ['saree below 1,000', { maxPrice: 1000 }],
    ['saree under rs 1000', { maxPrice: 1000 }],
    ['saree under Rs.999', { maxPrice: 999 }],
    ['saree under ₹1,499', { maxPrice: 1499 }],
    ['saree upto 1.5k', { maxPrice: 1500 }],
    ['saree up to 1k', { maxPrice: 1000 }],
    ['saree less than 800', { maxPrice: 800 }],
    ['saree 1000 or less', { maxPrice: 1000 }],
    ['saree 1000 se kam', { maxPrice: 1000 }],
    ['saree 1000 तक', { maxPrice: 1000 }],
    ['saree ₹999', { maxPrice: 999 }],
    ['saree 999rs', { maxPrice: 999 }],
    ['saree 999/-', { maxPrice: 999 }],
    ['saree <1000', { maxPrice: 1000 }],
    ['saree under 1 lakh', { maxPrice: 100_000 }],
    ['saree above 500', { minPrice: 500 }],
    ['saree over ₹500', { minPrice: 500 }],
    ['saree 500 and above', { minPrice: 500 }],
    ['saree 500+', { minPrice: 500 }],
    ['saree ₹500+', { minPrice: 500 }],
    ['saree 500 se upar', { minPrice: 500 }],
    ['saree between 500 and 1500', { minPrice: 500, maxPrice: 1500 }],
    ['saree between ₹1500 and ₹500', { minPrice: 500, maxPrice: 1500 }],
    ['saree from 500 to 1500', { minPrice: 500, maxPrice: 1500 }],
    ['saree 500-1500', { minPrice: 500, maxPrice: 1500 }],
    ['saree ₹500–₹1,500', { minPrice: 500, maxPrice: 1500 }],
    ['saree rs 500 - 1500', { minPrice: 500, maxPrice: 1500 }],
    ['saree 500 se 1500 tak', { minPrice: 500, maxPrice: 1500 }],
    ['saree 500 से 1500 के बीच', { minPrice: 500, maxPrice: 1500 }],
  ])('reads the price in "%s"', (text, price) => {
    expect(read(text)).toEqual({
      filters: { subCategory: 'Sarees', ...price },
      words: [],
      named: ['saree'],
      text: undefined,
    });
  });

  it('leaves a bare number without a price word or rupee sign as text', () => {
    expect(read('kurti 32')).toEqual({
      filters: { type: 'Kurti' },
      words: ['32'],
      named: ['kurti'],
      text: '32',
    });
  });

  it('reads "size M" when the catalog has that size', () => {
    expect(read('kurti size xl')).toMatchObject({ filters: { type: 'Kurti', size: 'XL' }, words: [] });
    expect(read('kurti size huge')).toMatchObject({ filters: { type: 'Kurti' }, words: ['size', 'huge'] });
  });

  it('reads who it is for and drops joining words', () => {
    expect(read('silk kurta for men')).toEqual({
      filters: { gender: 'Men' },
      words: ['silk', 'kurta'],
      named: [],
      text: 'silk kurta',
    });
    expect(read('ladies kurthi')).toMatchObject({ filters: { gender: 'Women', type: 'Kurti' }, words: [] });
    // Only the top levels the catalog has: there are no boys' products here.
    expect(read('kurta for boys')).toMatchObject({ filters: {}, words: ['kurta', 'boys'] });
  });

  it('searches a query of joining words only as typed', () => {
    expect(read('for the')).toMatchObject({ filters: {}, words: ['for', 'the'] });
  });

  it('does not read an ambiguous name, or one that products mentioning it do not carry', () => {
    // "kurta" is both the type Kurta and the sub-category Kurtas.
    expect(read('cotton kurta')).toMatchObject({ filters: {}, words: ['cotton', 'kurta'] });
    // Products called "Gold-Plated …" come in silver too: gold stays a word.
    expect(read('gold jhumki')).toMatchObject({ filters: {}, words: ['gold', 'jhumka'] });
    // "lehenga" is part of "Lehenga Choli", not a type of its own here.
    expect(read('lehenga choli for girls')).toMatchObject({
      filters: { type: 'Lehenga Choli', gender: 'Girl' },
      words: [],
    });
  });

  it('reads brand names and multi-word colours and categories', () => {
    expect(read('neelgar indigo kurta')).toEqual({
      filters: { brand: 'Neelgar Indigo' },
      words: ['kurta'],
      named: ['neelgar indigo'],
      text: 'kurta',
    });
    expect(read('rani pink banarasi')).toMatchObject({ filters: { color: 'Rani Pink', type: 'Banarasi' } });
    // "pink" is also part of "Rani Pink": a family one colour filter cannot hold.
    expect(read('pink banarasi')).toMatchObject({ filters: { type: 'Banarasi' }, words: ['pink'] });
    expect(read('sajawat')).toMatchObject({ filters: { category: 'Home Decor' }, text: undefined });
  });

  it('leaves a filter that is already set to the URL, searching its words as text', () => {
    expect(read('red saree under 1000', ['color', 'maxPrice'])).toEqual({
      filters: { subCategory: 'Sarees' },
      words: ['red', 'under', '1000'],
      named: ['saree'],
      text: 'red under 1000',
    });
  });

  it('reads the first of two values for one filter and keeps the other as text', () => {
    expect(read('red indigo kurti')).toMatchObject({
      filters: { color: 'Red', type: 'Kurti' },
      words: ['indigo'],
    });
  });

  it('reads its own leftover text to the same filters (the search page relies on it)', () => {
    const texts = fc.constantFrom(
      'red',
      'saree',
      'silk',
      'under',
      '1000',
      '₹500',
      'for',
      'men',
      'lehanga',
      'kurthi',
      'between',
      'and',
      '2k',
      'size',
      'xl',
      'cotton',
      'neelgar',
      'indigo',
    );
    fc.assert(
      fc.property(fc.array(texts, { minLength: 1, maxLength: 6 }), (parts) => {
        const first = read(parts.join(' '));
        if (first.text === undefined) return;
        const taken = Object.keys(first.filters);
        const again = read(first.text, taken);
        expect(again.words).toEqual(first.words);
        expect(again.filters).toEqual({});
      }),
    );
  });
});

describe('amountOf', () => {
  it('reads Indian and plain digit grouping, decimals and k or lakh', () => {
    expect(amountOf('1000')).toBe(1000);
    expect(amountOf('1,000')).toBe(1000);
    expect(amountOf('1,00,000')).toBe(100_000);
    expect(amountOf('1.5k')).toBe(1500);
    expect(amountOf('2l')).toBe(200_000);
    expect(amountOf('999.50')).toBe(999.5);
    expect(amountOf('abc')).toBeUndefined();
    expect(amountOf('4-5y')).toBeUndefined();
  });
});

describe('queryWords', () => {
  it('splits on any whitespace and keeps punctuation inside words', () => {
    expect(queryWords('  cotton\tkurta\n t-shirt 100% ')).toEqual(['cotton', 'kurta', 't-shirt', '100%']);
  });

  it('drops tokens without a letter or digit, so wildcards alone match nothing', () => {
    expect(queryWords("% _ '; -- kurta")).toEqual(['kurta']);
    expect(queryWords('%%% ___')).toEqual([]);
  });

  it('keeps letters of any script, drops NUL and repeats, and caps the number of words', () => {
    expect(queryWords('कुर्ता\u0000 कुर्ता')).toEqual(['कुर्ता']);
    expect(queryWords('a b c d e f g h i j k')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});
