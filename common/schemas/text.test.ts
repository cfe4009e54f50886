import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanedText, cleanText, multiLine, singleLine, TEXT_MESSAGES, type TextKind } from './text';

/** An oracle written code unit by code unit, independent of the helper's regular expressions. */
function isAllowed(value: string, kind: TextKind): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    const isControl = unit < 0x20 || (unit >= 0x7f && unit <= 0x9f);
    const keptInMultiLine = unit === 0x09 || unit === 0x0a || unit === 0x0d;
    if (isControl && !(kind === 'multi-line' && keptInMultiLine)) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Any UTF-16 code unit, lone surrogates and controls included, with the edges drawn more often. */
const codeUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }),
  fc.constantFrom(0x00, 0x09, 0x0a, 0x0d, 0x1f, 0x20, 0x7f, 0x9f, 0xa0, 0xd800, 0xdbff, 0xdc00, 0xdfff),
);
const anyText = fc.oneof(
  fc.array(codeUnit, { maxLength: 30 }).map((units) => String.fromCharCode(...units)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const kinds = fc.constantFrom<TextKind>('single-line', 'multi-line');
const schemaOf = (kind: TextKind) => (kind === 'single-line' ? singleLine() : multiLine());

describe('singleLine and multiLine', () => {
  it('accept exactly the text the rules allow', () => {
    fc.assert(
      fc.property(anyText, kinds, (value, kind) => {
        expect(schemaOf(kind).safeParse(value).success).toBe(isAllowed(value, kind));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep allowed text as it is, but for line breaks stored as LF', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        fc.pre(isAllowed(value, 'multi-line'));
        expect(multiLine().parse(value)).toBe(value.replace(/\r\n?/g, '\n'));
        if (isAllowed(value, 'single-line')) expect(singleLine().parse(value)).toBe(value);
      }),
    );
  });

  it('refuse with one message that says why', () => {
    expect(singleLine().safeParse('R\u0000avi').error?.issues).toEqual([
      expect.objectContaining({ message: TEXT_MESSAGES.singleLine }),
    ]);
    expect(
      singleLine()
        .safeParse('two\nlines')
        .error?.issues.map((i) => i.message),
    ).toEqual([TEXT_MESSAGES.singleLine]);
    expect(
      multiLine()
        .safeParse('bell\u0007')
        .error?.issues.map((i) => i.message),
    ).toEqual([TEXT_MESSAGES.multiLine]);
    expect(
      multiLine()
        .safeParse('p\ud800')
        .error?.issues.map((i) => i.message),
    ).toEqual([TEXT_MESSAGES.surrogate]);
    // The field's own rules do not add a second message to a refused value.
    expect(
      singleLine()
        .trim()
        .min(5, 'too short')
        .safeParse('\u0001')
        .error?.issues.map((i) => i.message),
    ).toEqual([TEXT_MESSAGES.singleLine]);
  });

  it('keep emoji, Indic scripts, RTL text and combining marks', () => {
    for (const value of ['कुर्ता 👗', 'مرحبا', 'e\u0301', '\u{1F469}\u200D\u{1F467}', 'tab\tand\nline']) {
      expect(multiLine().safeParse(value).success, value).toBe(true);
    }
  });
});

describe('cleanText', () => {
  it('always gives text the rules allow, and changes nothing in allowed text', () => {
    fc.assert(
      fc.property(anyText, kinds, (value, kind) => {
        const cleaned = cleanText(value, kind);
        expect(isAllowed(cleaned, kind)).toBe(true);
        expect(cleanText(cleaned, kind)).toBe(cleaned);
        if (isAllowed(value, kind) && !value.includes('\r')) expect(cleaned).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('removes control characters and replaces unpaired surrogates', () => {
    expect(cleanText('/p\u0000ath\ud800')).toBe('/path\uFFFD');
    expect(cleanText('a\tb\r\nc', 'multi-line')).toBe('a\tb\nc');
    expect(cleanedText().max(5).parse('a\u0000b')).toBe('ab');
  });
});
