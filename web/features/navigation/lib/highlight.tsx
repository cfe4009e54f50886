import type { ReactNode } from 'react';

const asLiteral = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The label with each part that matches a word of what was typed in <mark>, so the shopper sees why a
 * suggestion came up. Matching ignores case; the label keeps its own spelling.
 */
export function highlightMatches(label: string, typed: string): ReactNode[] {
  const words = typed.trim().split(/\s+/).filter(Boolean).map(asLiteral);
  if (words.length === 0) return [label];
  // Longer words first, so "kurta" wins over "kur" where both match.
  const pattern = new RegExp(words.sort((a, b) => b.length - a.length).join('|'), 'gi');
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of label.matchAll(pattern)) {
    if (match.index > from) parts.push(label.slice(from, match.index));
    // The match's place in the label is its key: it is unique and stays put while the label does.
    parts.push(<mark key={match.index}>{match[0]}</mark>);
    from = match.index + match[0].length;
  }
  if (from < label.length) parts.push(label.slice(from));
  return parts;
}
