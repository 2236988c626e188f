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

/**
 * The searches that stand for a portal search's query (`?q=`, in the portal search's syntax: "quoted
 * phrases", -exclusions, `or`), best first: its words and phrases together as typed, each phrase, each word,
 * then each word's stem, since the portal's search matches stems ('renewed' finds 'renewal') and this search
 * matches text as written (docs/spec.md §2 Pack reader, Reading in the portal).
 */
export function searchesFor(q: string): string[] {
  const terms: { text: string; phrase: boolean }[] = [];
  for (const m of q.matchAll(/(-?)"([^"]*)"?|(-?)(\S+)/g)) {
    if (m[2] !== undefined) {
      if (!m[1] && m[2].trim())
        terms.push({ text: m[2].replace(/\s+/g, ' ').trim(), phrase: true });
      continue;
    }
    const word = (m[4] ?? '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (m[3] || !word || word.toLowerCase() === 'or') continue;
    terms.push({ text: word, phrase: false });
  }
  const words = terms.filter((t) => !t.phrase).map((t) => t.text);
  const stems = words
    .map((w) => w.replace(/(ations?|ings?|ments?|ed|es|al|ly|s)$/i, ''))
    .filter((w) => w.length >= 4);
  const all = [
    terms.map((t) => t.text).join(' '),
    ...terms.filter((t) => t.phrase).map((t) => t.text),
    ...words,
    ...stems,
  ];
  const seen = new Set<string>();
  return all.filter((s) => {
    const key = normalise(s).trim();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first of `searchesFor(q)` that the pages' texts hold, with its matches (none: the first, unmatched). */
export function searchForQuery(
  texts: string[],
  q: string,
): { query: string; matches: SearchMatch[] } {
  const searches = searchesFor(q);
  for (const query of searches) {
    const matches = findMatches(texts, query);
    if (matches.length > 0) return { query, matches };
  }
  return { query: searches[0] ?? q.trim(), matches: [] };
}
