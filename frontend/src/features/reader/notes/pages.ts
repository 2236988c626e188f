// Maps between the pages the reader shows and (paper, page in paper) (docs/spec.md §2 Pack reader, Notes):
// notes are stored against the paper, so a pack rebuilt with a paper inserted before still finds them.
import { paperPage } from '@/features/reader/page-map';
import type { PaperRef, PaperSegment } from '@/features/reader/types';

export type PaperPage = { paper: PaperRef; page: number };

export const samePaper = (a: PaperRef, b: PaperRef): boolean => a.kind === b.kind && a.id === b.id;

/** The pages before the first paper: the pack's own front pages (cover and agenda). */
const frontPages = (segments: PaperSegment[]): number =>
  segments.length === 0 ? Infinity : Math.min(...segments.map((s) => s.firstPage)) - 1;

/**
 * The paper and page in it of a shown page. The pack's front pages are the boardPack paper's (page =
 * pack page); null when the page belongs to nothing (a single paper has no front pages).
 */
export function toPaperPage(
  shownPage: number,
  segments: PaperSegment[],
  meetingId?: number,
): PaperPage | null {
  const inPaper = paperPage(segments, shownPage);
  if (inPaper) return inPaper;
  if (meetingId !== undefined && shownPage >= 1 && shownPage <= frontPages(segments)) {
    return { paper: { kind: 'boardPack', id: meetingId }, page: shownPage };
  }
  return null;
}

/** The shown pages of a paper: its segment, or the front pages for the pack's own. */
export function paperPages(paper: PaperRef, segments: PaperSegment[], pageCount: number): number[] {
  if (paper.kind === 'boardPack') {
    const front = Math.min(frontPages(segments), pageCount);
    return Array.from({ length: front }, (_, i) => i + 1);
  }
  const segment = segments.find((s) => samePaper(s.paper, paper));
  if (!segment) return [];
  return Array.from({ length: segment.pageCount }, (_, i) => segment.firstPage + i);
}

/**
 * The shown page of a note's (paper, page); null when the paper is not shown here or the page is past
 * its end (the paper has been replaced by a shorter one).
 */
export function toShownPage(
  note: { paper: PaperRef; page: number },
  segments: PaperSegment[],
): number | null {
  if (note.page < 1) return null;
  if (note.paper.kind === 'boardPack') {
    return note.page <= frontPages(segments) ? note.page : null;
  }
  const segment = segments.find((s) => samePaper(s.paper, note.paper));
  if (!segment || note.page > segment.pageCount) return null;
  return segment.firstPage + note.page - 1;
}
