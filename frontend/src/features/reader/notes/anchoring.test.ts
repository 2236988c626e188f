import type { PaperSegment, TextRun } from '@/features/reader/types';
import { findQuote, nearestRun, placeNote, searchOrder } from '@/features/reader/notes/anchoring';
import type { NoteAnchor } from '@/features/reader/notes/types';

/** A run of text whose characters are each 0.01 wide, on line `line`. */
const run = (text: string, x: number, line: number): TextRun => ({
  text,
  rect: { x, y: line * 0.05, w: text.length * 0.01, h: 0.02 },
});

const page: TextRun[] = [
  run('The budget for 2027 ', 0.1, 1),
  run('is approved. The bud', 0.1, 2),
  run('get for 2028 is not.', 0.1, 3),
];

const close = (value: number) => expect.closeTo(value, 6) as unknown as number;

describe('findQuote', () => {
  it('answers the matched part of each run it spans', () => {
    // "approved. The budget" = run 2 from index 3 to its end, then run 3's "get".
    expect(findQuote(page, 'approved.  The\nbudget')).toEqual([
      { x: close(0.13), y: close(0.1), w: close(0.17), h: 0.02 },
      { x: close(0.1), y: close(0.15), w: close(0.03), h: 0.02 },
    ]);
  });

  it('chooses among repeats by prefix and suffix', () => {
    const first = findQuote(page, 'budget for', 'The', ' 2027');
    const second = findQuote(page, 'budget for', 'approved. The', '2028');
    expect(first?.[0].y).toBeCloseTo(0.05);
    expect(second?.[0].y).toBeCloseTo(0.1);
  });

  it('answers null when the words are not there', () => {
    expect(findQuote(page, 'the budget for 2029')).toBeNull();
    expect(findQuote(page, '   ')).toBeNull();
  });
});

describe('nearestRun', () => {
  it("answers the run nearest the point with its neighbours' text", () => {
    expect(nearestRun(page, { x: 0.2, y: 0.11 })).toEqual({
      quote: 'is approved. The bud',
      prefix: 'The budget for 2027',
      suffix: 'get for 2028 is not.',
    });
    expect(nearestRun([], { x: 0, y: 0 })).toBeNull();
  });
});

describe('searchOrder', () => {
  it("searches the note's page first, then the nearest", () => {
    expect(searchOrder(6, [4, 5, 6, 7, 8, 9])).toEqual([6, 5, 7, 4, 8, 9]);
    expect(searchOrder(null, [4, 5])).toEqual([4, 5]);
  });
});

describe('placeNote', () => {
  const budget = { kind: 'agendaPaper', id: 17 } as const;
  const pack: PaperSegment[] = [{ paper: budget, title: 'Budget', firstPage: 4, pageCount: 3 }];
  const rebuilt: PaperSegment[] = [
    { paper: { kind: 'agendaPaper', id: 30 }, title: 'Risk', firstPage: 4, pageCount: 2 },
    { paper: budget, title: 'Budget', firstPage: 6, pageCount: 3 },
  ];
  const texts: Record<number, TextRun[]> = { 5: page };
  const rebuiltTexts: Record<number, TextRun[]> = { 4: page, 7: page };
  const anchor: NoteAnchor = {
    x: 0.1,
    y: 0.05,
    rects: [],
    quote: 'budget for 2028',
    prefix: '',
    suffix: '',
  };
  const highlight = { paper: budget, page: 2, kind: 'highlight' as const, anchor };

  it('draws a highlight on its words, also after the pack is rebuilt', async () => {
    const before = await placeNote(highlight, pack, 6, async (p) => texts[p] ?? []);
    const after = await placeNote(highlight, rebuilt, 8, async (p) => rebuiltTexts[p] ?? []);
    expect(before).toMatchObject({ state: 'placed', page: 5 });
    // The risk paper on page 4 has the same words, but it is not the note's paper.
    expect(after).toMatchObject({ state: 'placed', page: 7 });
    if (after.state === 'placed') expect(after.rects[0].y).toBeCloseTo(0.1);
  });

  it("finds moved words on the paper's nearest other page", async () => {
    const moved = await placeNote(highlight, pack, 6, async (p) => (p === 6 ? page : []));
    expect(moved).toMatchObject({ state: 'placed', page: 6 });
  });

  it('lists a highlight whose words are gone as from an earlier version', async () => {
    expect(await placeNote(highlight, pack, 6, async () => [])).toEqual({ state: 'earlier' });
  });

  it('draws a pin at its point while its words are on its page', async () => {
    const pin = { ...highlight, kind: 'pin' as const, anchor: { ...anchor, x: 0.5, y: 0.6 } };
    expect(await placeNote(pin, pack, 6, async (p) => texts[p] ?? [])).toEqual({
      state: 'placed',
      page: 5,
      rects: [],
      x: 0.5,
      y: 0.6,
    });
    expect(await placeNote(pin, pack, 6, async () => [])).toEqual({ state: 'earlier' });
    const bare = { ...pin, anchor: { ...pin.anchor, quote: '' } };
    expect(await placeNote(bare, pack, 6, async () => [])).toMatchObject({ page: 5 });
  });

  it('leaves out notes on papers not shown', async () => {
    const other = { ...highlight, paper: { kind: 'document' as const, id: 1 } };
    expect(await placeNote(other, pack, 6, async () => page)).toEqual({ state: 'elsewhere' });
  });
});
