import type { PaperSegment } from '@/features/reader/types';
import { paperPages, toPaperPage, toShownPage } from '@/features/reader/notes/pages';

const budget = { kind: 'agendaPaper', id: 17 } as const;
const minutes = { kind: 'agendaPaper', id: 18 } as const;
const inserted = { kind: 'agendaPaper', id: 30 } as const;

// A pack of 3 front pages, the budget (pages 4-15) and the minutes (16-20).
const pack: PaperSegment[] = [
  { paper: budget, title: 'Budget', firstPage: 4, pageCount: 12 },
  { paper: minutes, title: 'Minutes', firstPage: 16, pageCount: 5 },
];
// The same pack rebuilt with a 6-page paper inserted before the budget.
const rebuilt: PaperSegment[] = [
  { paper: inserted, title: 'Risk', firstPage: 4, pageCount: 6 },
  { paper: budget, title: 'Budget', firstPage: 10, pageCount: 12 },
  { paper: minutes, title: 'Minutes', firstPage: 22, pageCount: 5 },
];
const single: PaperSegment[] = [
  { paper: { kind: 'document', id: 5 }, title: 'Policy', firstPage: 1, pageCount: 8 },
];

describe('toPaperPage', () => {
  it('answers the paper and the page within it', () => {
    expect(toPaperPage(4, pack, 9)).toEqual({ paper: budget, page: 1 });
    expect(toPaperPage(15, pack, 9)).toEqual({ paper: budget, page: 12 });
    expect(toPaperPage(16, pack, 9)).toEqual({ paper: minutes, page: 1 });
  });

  it("answers the pack's own paper for its front pages", () => {
    expect(toPaperPage(2, pack, 9)).toEqual({ paper: { kind: 'boardPack', id: 9 }, page: 2 });
  });

  it('answers null past the end and for a single paper without a meeting', () => {
    expect(toPaperPage(21, pack, 9)).toBeNull();
    expect(toPaperPage(9, single)).toBeNull();
    expect(toPaperPage(3, single)).toEqual({ paper: { kind: 'document', id: 5 }, page: 3 });
  });
});

describe('toShownPage', () => {
  it('keeps a note on its paper when the pack is rebuilt with a paper before it', () => {
    const note = toPaperPage(6, pack, 9)!;
    expect(toShownPage(note, pack)).toBe(6);
    expect(toShownPage(note, rebuilt)).toBe(12);
  });

  it("maps the pack's own pages to themselves and nowhere in a single paper", () => {
    const front = { paper: { kind: 'boardPack', id: 9 } as const, page: 2 };
    expect(toShownPage(front, pack)).toBe(2);
    expect(toShownPage({ ...front, page: 4 }, pack)).toBeNull();
    expect(toShownPage(front, single)).toBeNull();
  });

  it('answers null for a paper not shown or a page past its end', () => {
    expect(toShownPage({ paper: inserted, page: 1 }, pack)).toBeNull();
    expect(toShownPage({ paper: budget, page: 13 }, pack)).toBeNull();
  });
});

describe('paperPages', () => {
  it("lists a paper's shown pages and the pack's front pages", () => {
    expect(paperPages(minutes, pack, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(paperPages({ kind: 'boardPack', id: 9 }, pack, 20)).toEqual([1, 2, 3]);
    expect(paperPages({ kind: 'boardPack', id: 9 }, [], 2)).toEqual([1, 2]);
    expect(paperPages(inserted, pack, 20)).toEqual([]);
  });
});
