// Search within the document (docs/spec.md §2 Pack reader, Reading in the portal): over each page's text,
// case- and spacing-insensitive, in page order.

export type SearchMatch = { pageNumber: number; index: number };

/** Folds case and runs of white space so that a phrase broken across lines in the PDF still matches. */
export const normalise = (text: string): string => text.replace(/\s+/g, ' ').toLowerCase();

/** Every match of `query` in the pages' texts (`texts[i]` is page i + 1), in reading order. */
export function findMatches(texts: string[], query: string): SearchMatch[] {
  const needle = normalise(query).trim();
  if (!needle) return [];
  const matches: SearchMatch[] = [];
  texts.forEach((text, i) => {
    const hay = normalise(text);
    let at = hay.indexOf(needle);
    while (at !== -1) {
      matches.push({ pageNumber: i + 1, index: at });
      at = hay.indexOf(needle, at + needle.length);
    }
  });
  return matches;
}

/** The match to show after `current` (-1: none yet) moving `by` (+1 next, -1 previous), wrapping round. */
export function stepMatch(count: number, current: number, by: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return by === 1 ? 0 : count - 1;
  return (current + by + count) % count;
}

/** The first match at or after a page: where a new search starts, so it does not jump back to page 1. */
export function firstMatchFrom(matches: SearchMatch[], pageNumber: number): number {
  if (matches.length === 0) return -1;
  const at = matches.findIndex((m) => m.pageNumber >= pageNumber);
  return at === -1 ? 0 : at;
}
