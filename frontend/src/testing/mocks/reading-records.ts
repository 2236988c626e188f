// Reading records as the mock server keeps them (spec §2 Pack reader, Reading records): the board's
// switch, the meetings' PDF papers with their page counts, and the pages each person has shown.
import type {
  MeetingReading,
  PaperReadingState,
  PaperRef,
  ReadingSummary,
} from '@/features/meetings/reading/api';

/** One of a meeting's PDF papers (an agenda paper merged into the pack). */
export type StoredReadingPaper = {
  meetingId: number;
  paper: PaperRef;
  title: string;
  pageCount: number;
};
/** A page a person has shown in the reader: the first and the last time. */
export type StoredPageShown = {
  userId: number;
  paper: PaperRef;
  page: number;
  firstShownAt: string;
  lastShownAt: string;
};
export type ReadingStore = {
  /** The board's switch (GET/PUT /api/governance/settings `readingRecords`). */
  enabled: boolean;
  papers: StoredReadingPaper[];
  pages: StoredPageShown[];
};

/** Records on, no meeting with PDF papers, nothing read. */
export const seedReading = (): ReadingStore => ({ enabled: true, papers: [], pages: [] });

const same = (a: PaperRef, b: PaperRef) => a.kind === b.kind && a.id === b.id;

function shown(store: ReadingStore, userId: number, paper: StoredReadingPaper) {
  const pages = store.pages.filter((p) => p.userId === userId && same(p.paper, paper.paper));
  const last = pages.map((p) => p.lastShownAt).sort();
  return { pagesRead: pages.length, lastReadAt: last.length ? last[last.length - 1] : null };
}

export function meetingReading(
  store: ReadingStore,
  meetingId: number,
  userId: number,
): MeetingReading {
  if (!store.enabled) return { enabled: false, pageCount: 0, pagesRead: 0, papers: [] };
  const papers = store.papers
    .filter((p) => p.meetingId === meetingId)
    .map((p) => ({
      paper: p.paper,
      title: p.title,
      pageCount: p.pageCount,
      ...shown(store, userId, p),
    }));
  return {
    enabled: true,
    pageCount: papers.reduce((n, p) => n + p.pageCount, 0),
    pagesRead: papers.reduce((n, p) => n + p.pagesRead, 0),
    papers,
  };
}

/** The summary for `people` (the meeting's invited members, by name). */
export function readingSummary(
  store: ReadingStore,
  meetingId: number,
  people: { id: number; name: string }[],
): ReadingSummary {
  if (!store.enabled) return { enabled: false, papers: [], people: [], line: null };
  const papers = store.papers.filter((p) => p.meetingId === meetingId);
  const rows = [...people]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((user) => {
      const states = papers.map((p) => {
        const { pagesRead } = shown(store, user.id, p);
        const state: PaperReadingState =
          pagesRead === 0 ? 'notOpened' : pagesRead >= p.pageCount ? 'read' : 'started';
        return { paper: p.paper, state, pagesRead };
      });
      return {
        user,
        readAll: papers.length > 0 && states.every((s) => s.state === 'read'),
        papers: states,
      };
    });
  const readAll = rows.filter((r) => r.readAll).length;
  return {
    enabled: true,
    papers: papers.map(({ paper, title, pageCount }) => ({ paper, title, pageCount })),
    people: rows,
    line:
      papers.length === 0
        ? null
        : `The papers were taken as read (${readAll} of ${rows.length} trustees had read all papers).`,
  };
}

export type PageShownEntry = { paper: PaperRef; page: number; shownAt: string };

/**
 * Records the pages of `POST /api/reading/pages`: entries on unknown papers, on the board pack's own pages
 * and past a paper's page count are dropped; nothing is kept while records are off.
 */
export function recordPages(
  store: ReadingStore,
  userId: number,
  entries: PageShownEntry[],
  now: string,
): void {
  if (!store.enabled) return;
  for (const entry of entries) {
    const paper = store.papers.find((p) => same(p.paper, entry.paper));
    if (
      !paper ||
      entry.paper.kind === 'boardPack' ||
      entry.page < 1 ||
      entry.page > paper.pageCount
    )
      continue;
    const at = entry.shownAt > now ? now : entry.shownAt;
    const kept = store.pages.find(
      (p) => p.userId === userId && same(p.paper, entry.paper) && p.page === entry.page,
    );
    if (!kept)
      store.pages.push({
        userId,
        paper: entry.paper,
        page: entry.page,
        firstShownAt: at,
        lastShownAt: at,
      });
    else {
      if (at < kept.firstShownAt) kept.firstShownAt = at;
      if (at > kept.lastShownAt) kept.lastShownAt = at;
    }
  }
}

/** For tests: `userId` has shown pages 1..`pages` of `paper`. */
export function markRead(
  store: ReadingStore,
  userId: number,
  paper: PaperRef,
  pages: number,
): void {
  const at = '2030-03-01T12:00:00.000Z';
  recordPages(
    store,
    userId,
    Array.from({ length: pages }, (_, i) => ({ paper, page: i + 1, shownAt: at })),
    at,
  );
}
