import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, reviewSubmissionSchema, roundRating, shortName } from './reviews';
import { TEXT_MESSAGES } from './text';

describe('shortName', () => {
  it.each([
    ['Priya Sharma', 'Priya S.'],
    ['  Asha   Rani  verma ', 'Asha V.'],
    ['Tenzin', 'Tenzin'],
    ['Élodie Ørsted', 'Élodie Ø.'],
    ['', 'A shopper'],
  ])('%j → %j', (name, short) => {
    expect(shortName(name)).toBe(short);
  });
});

describe('reviewSubmissionSchema', () => {
  const base = { rating: '4', title: 'Lovely kurta', comment: 'Soft and well stitched.', hasImage: false };

  it('reads a form: whole stars, trimmed text, line breaks as LF, ticked boxes', () => {
    expect(
      reviewSubmissionSchema.parse({
        ...base,
        title: '  Nice one ',
        comment: 'Soft and\r\n\twell stitched.',
        consent: 'on',
        hasImage: true,
      }),
    ).toEqual({
      rating: 4,
      title: 'Nice one',
      comment: 'Soft and\n\twell stitched.',
      consent: true,
      removeImage: false,
      hasImage: true,
    });
  });

  it('refuses control characters and unpaired surrogates, and line breaks in the title', () => {
    const refused = (fields: object) =>
      reviewSubmissionSchema
        .safeParse({ ...base, ...fields })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(refused({ title: 'Nice\u0007 one' })).toEqual([['title', TEXT_MESSAGES.singleLine]]);
    expect(refused({ title: 'Nice\none' })).toEqual([['title', TEXT_MESSAGES.singleLine]]);
    expect(refused({ comment: 'Soft and \u0000well stitched.' })).toEqual([
      ['comment', TEXT_MESSAGES.multiLine],
    ]);
    expect(refused({ comment: 'Soft and well stitched \udc00' })).toEqual([
      ['comment', TEXT_MESSAGES.surrogate],
    ]);
  });

  it('needs consent only when a photo comes with the review', () => {
    expect(reviewSubmissionSchema.safeParse(base).success).toBe(true);
    const missing = reviewSubmissionSchema.safeParse({ ...base, hasImage: true });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['consent', REVIEW_MESSAGES.consentRequired],
    ]);
  });

  it.each(['0', '6', '4.5', 'x'])('refuses a rating of %j', (rating) => {
    const result = reviewSubmissionSchema.safeParse({ ...base, rating });
    expect(result.error?.issues.map((i) => i.message)).toEqual([REVIEW_MESSAGES.rating]);
  });
});

describe('roundRating', () => {
  it('keeps one decimal', () => {
    expect([roundRating(13 / 3), roundRating(3.25), roundRating(0)]).toEqual([4.3, 3.3, 0]);
  });
});
