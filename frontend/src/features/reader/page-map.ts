// Which paper a page of the shown PDF belongs to (docs/spec.md §2 Pack reader, Reading in the portal):
// the pack's layout lists each merged paper's first page and page count; the pack's own front pages (cover,
// agenda) belong to no paper's segment.
import type { PaperRef, PaperSegment, ReaderSource } from '@/features/reader/types';

/** The paper a page of the shown PDF is, and its page within that paper; null for the pack's front pages. */
export function paperPage(
  segments: PaperSegment[],
  pageNumber: number,
): { paper: PaperRef; page: number } | null {
  for (const segment of segments) {
    const page = pageNumber - segment.firstPage + 1;
    if (page >= 1 && page <= segment.pageCount) return { paper: segment.paper, page };
  }
  return null;
}

/** The paper a source shows on its own (one segment from page 1); null for the pack. */
export const singlePaper = (source: ReaderSource | null): PaperRef | null =>
  source && source.segments.length === 1 && source.segments[0].firstPage === 1
    ? source.segments[0].paper
    : null;

/**
 * A single paper's source does not know its page count before the PDF loads (its segment says 0): once the
 * reader knows it, the segment runs to the last page.
 */
export function withPageCount(source: ReaderSource, pageCount: number): ReaderSource {
  if (!source.segments.some((s) => s.pageCount <= 0)) return source;
  return {
    ...source,
    segments: source.segments.map((s) =>
      s.pageCount <= 0 ? { ...s, pageCount: Math.max(0, pageCount - s.firstPage + 1) } : s,
    ),
  };
}

/** How a paper's kind is spelled in URLs (`/api/papers/{kind}/{id}/...`). */
export const paperKindInUrl = (kind: PaperRef['kind']): string =>
  ({
    document: 'document',
    agendaPaper: 'agenda-paper',
    minutes: 'minutes',
    boardPack: 'board-pack',
  })[kind];
