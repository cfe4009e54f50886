import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightMatches } from './highlight';

const marked = (label: string, typed: string) => {
  const { container } = render(<p>{highlightMatches(label, typed)}</p>);
  return {
    text: container.textContent,
    marks: [...container.querySelectorAll('mark')].map((m) => m.textContent),
  };
};

describe('highlightMatches', () => {
  it('marks each part that matches a typed word, ignoring case, and keeps the label whole', () => {
    expect(marked('Cotton Kurta for Men', 'kurta men')).toEqual({
      text: 'Cotton Kurta for Men',
      marks: ['Kurta', 'Men'],
    });
  });

  it('marks nothing for nothing typed, and treats typed symbols as plain text', () => {
    expect(marked('Silk Saree', '  ')).toEqual({ text: 'Silk Saree', marks: [] });
    expect(marked('Kurta (Blue)', '(blue')).toEqual({ text: 'Kurta (Blue)', marks: ['(Blue'] });
  });
});
