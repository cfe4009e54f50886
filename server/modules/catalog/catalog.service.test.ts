import { describe, expect, it } from 'vitest';
import { queryWords } from './catalog.service';

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
