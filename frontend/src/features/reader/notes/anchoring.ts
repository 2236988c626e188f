// Where a note lands (docs/spec.md §2 Pack reader, Notes): on the words it quotes. Text is compared with
// all whitespace removed, so the way the PDF splits its text into runs (and any reflowed line breaks)
// does not matter; prefix and suffix choose among repeats of the same words.
import type { PageRect, PaperSegment, TextRun } from '@/features/reader/types';
import { paperPages, toShownPage } from '@/features/reader/notes/pages';
import type { Note } from '@/features/reader/notes/types';

const isSpace = (c: string) => /\s/.test(c);
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The page's text without whitespace, each character's run and index within that run. */
function flatten(runs: TextRun[]) {
  let text = '';
  const at: { run: number; index: number }[] = [];
  runs.forEach((r, run) => {
    for (let index = 0; index < r.text.length; index += 1) {
      if (isSpace(r.text[index])) continue;
      text += r.text[index];
      at.push({ run, index });
    }
  });
  return { text, at };
}

/** How many characters `a` ends with that `b` ends with. */
const commonTail = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
};
const commonHead = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
};

/**
 * The rectangles of the quoted words on a page (parts of the runs they are in), or null when the
 * quote is not on it. Among several matches the one whose surroundings best match prefix and suffix.
 */
export function findQuote(
  runs: TextRun[],
  quote: string,
  prefix = '',
  suffix = '',
): PageRect[] | null {
  const wanted = squeeze(quote);
  if (!wanted) return null;
  const { text, at } = flatten(runs);
  const before = squeeze(prefix);
  const after = squeeze(suffix);
  let best = -1;
  let bestScore = -1;
  for (let start = text.indexOf(wanted); start >= 0; start = text.indexOf(wanted, start + 1)) {
    const end = start + wanted.length;
    const score =
      commonTail(text.slice(Math.max(0, start - before.length), start), before) +
      commonHead(text.slice(end, end + after.length), after);
    if (score > bestScore) {
      best = start;
      bestScore = score;
    }
  }
  if (best < 0) return null;
  // The matched characters' span within each run they touch.
  const spans = new Map<number, { from: number; to: number }>();
  for (const { run, index } of at.slice(best, best + wanted.length)) {
    const span = spans.get(run);
    if (span) span.to = index + 1;
    else spans.set(run, { from: index, to: index + 1 });
  }
  return Array.from(spans, ([run, { from, to }]) => {
    const { text: runText, rect } = runs[run];
    const share = rect.w / runText.length;
    return { x: rect.x + share * from, y: rect.y, w: share * (to - from), h: rect.h };
  });
}

/** The run nearest a point (a pin's quote), with up to 64 characters of text either side. */
export function nearestRun(
  runs: TextRun[],
  at: { x: number; y: number },
): { quote: string; prefix: string; suffix: string } | null {
  let nearest = -1;
  let distance = Infinity;
  runs.forEach(({ text, rect }, i) => {
    if (!text.trim()) return;
    const dx = Math.max(rect.x - at.x, 0, at.x - (rect.x + rect.w));
    const dy = Math.max(rect.y - at.y, 0, at.y - (rect.y + rect.h));
    const d = dx * dx + dy * dy;
    if (d < distance) {
      distance = d;
      nearest = i;
    }
  });
  if (nearest < 0) return null;
  const join = (part: TextRun[]) =>
    part
      .map((r) => r.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  return {
    quote: join([runs[nearest]]).slice(0, 2000),
    prefix: join(runs.slice(0, nearest)).slice(-64),
    suffix: join(runs.slice(nearest + 1)).slice(0, 64),
  };
}

/** Where a note is drawn, or that its words are gone ("from an earlier version"). */
export type Placement =
  | { state: 'placed'; page: number; rects: PageRect[]; x: number; y: number }
  | { state: 'earlier' }
  /** The note's paper is not part of what is shown. */
  | { state: 'elsewhere' };

/** Pages to search for a quote: the note's own first, then the paper's others, nearest first. */
export function searchOrder(own: number | null, pages: number[]): number[] {
  if (own === null) return pages;
  return [...pages].sort((a, b) => Math.abs(a - own) - Math.abs(b - own) || a - b);
}

/**
 * Places a note on the shown document: a highlight on its quoted words (on its page, else the paper's
 * nearest page that has them); a pin at its point, provided its quote (when it has one) is still on
 * its page.
 */
export async function placeNote(
  note: Pick<Note, 'paper' | 'page' | 'kind' | 'anchor'>,
  segments: PaperSegment[],
  pageCount: number,
  pageText: (pageNumber: number) => Promise<TextRun[]>,
): Promise<Placement> {
  const own = toShownPage(note, segments);
  const pages = paperPages(note.paper, segments, pageCount);
  if (pages.length === 0) return { state: 'elsewhere' };
  const { quote, prefix, suffix, x, y } = note.anchor;
  if (note.kind === 'pin') {
    if (own === null) return { state: 'earlier' };
    if (!squeeze(quote)) return { state: 'placed', page: own, rects: [], x, y };
    const found = findQuote(await pageText(own), quote, prefix, suffix);
    return found ? { state: 'placed', page: own, rects: [], x, y } : { state: 'earlier' };
  }
  for (const page of searchOrder(own, pages)) {
    const rects = findQuote(await pageText(page), quote, prefix, suffix);
    if (rects && rects.length > 0)
      return { state: 'placed', page, rects, x: rects[0].x, y: rects[0].y };
  }
  return { state: 'earlier' };
}
