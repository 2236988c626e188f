// A page's text as the reader hands it to extensions and search (docs/spec.md §2 Pack reader): runs of text
// positioned in fractions of the page, y from the top, and the words around a selection (a note's anchor
// keeps up to 64 characters either side so that it finds the same words in a rebuilt pack).
import type { PageRect, ReaderSelection, TextRun } from '@/features/reader/types';

/** What pdf.js answers for a text item (the part the reader reads). */
export type PdfTextItem = { str: string; transform: number[]; width: number; height: number };
/** The page's size at scale 1 and how pdf.js maps PDF points to it. */
export type PdfViewport = {
  width: number;
  height: number;
  convertToViewportPoint: (x: number, y: number) => number[];
};

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** pdf.js text items as runs in fractions of the page. */
export function textRuns(items: PdfTextItem[], viewport: PdfViewport): TextRun[] {
  return items
    .filter((item) => item.str.length > 0)
    .map((item) => {
      const [, , , , e, f] = item.transform;
      const [x1, y1] = viewport.convertToViewportPoint(e, f);
      const [x2, y2] = viewport.convertToViewportPoint(e + item.width, f + item.height);
      const left = Math.min(x1, x2);
      const top = Math.min(y1, y2);
      return {
        text: item.str,
        rect: {
          x: clamp(left / viewport.width),
          y: clamp(top / viewport.height),
          w: clamp(Math.abs(x2 - x1) / viewport.width),
          h: clamp(Math.abs(y2 - y1) / viewport.height),
        },
      };
    });
}

/** The page's text as one string, runs joined by spaces. */
export const runsText = (runs: TextRun[]): string => runs.map((r) => r.text).join(' ');

export const CONTEXT_CHARS = 64;

/** The selection's quote with up to 64 characters either side, found in the page's text. */
export function quoteInContext(
  pageText: string,
  quote: string,
): Pick<ReaderSelection, 'quote' | 'prefix' | 'suffix'> {
  const flat = pageText.replace(/\s+/g, ' ');
  const wanted = quote.replace(/\s+/g, ' ').trim();
  const at = flat.indexOf(wanted);
  if (at === -1 || !wanted) return { quote: wanted, prefix: '', suffix: '' };
  return {
    quote: wanted,
    prefix: flat.slice(Math.max(0, at - CONTEXT_CHARS), at),
    suffix: flat.slice(at + wanted.length, at + wanted.length + CONTEXT_CHARS),
  };
}

/** Screen rectangles (a selection's) as fractions of the page box they lie on. */
export function toPageRects(
  rects: { left: number; top: number; width: number; height: number }[],
  page: { left: number; top: number; width: number; height: number },
): PageRect[] {
  if (page.width <= 0 || page.height <= 0) return [];
  return rects
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({
      x: clamp((r.left - page.left) / page.width),
      y: clamp((r.top - page.top) / page.height),
      w: clamp(r.width / page.width),
      h: clamp(r.height / page.height),
    }))
    .slice(0, 200);
}
