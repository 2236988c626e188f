import {
  MAX_BATCH,
  SEND_EVERY_MS,
  SendFailed,
  createReadingRecorder,
  readingLine,
  type PageShown,
} from '@/features/reader/reading-records';
import type { PaperSegment } from '@/features/reader/types';

const pack: PaperSegment[] = [
  { paper: { kind: 'agendaPaper', id: 17 }, title: 'Budget', firstPage: 3, pageCount: 2 },
];

const clock = () => new Date(Date.UTC(2030, 2, 5, 10, 0, 0));

describe('reading records', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts a page shown at least half in view for 2 s, as the page of its paper', async () => {
    const sent: PageShown[][] = [];
    const recorder = createReadingRecorder({
      send: (pages) => {
        sent.push(pages);
        return Promise.resolve();
      },
      now: clock,
    });
    recorder.visibility(3, 0.6, pack);
    jest.advanceTimersByTime(1999);
    expect(recorder.queued()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(recorder.queued()).toEqual([
      { paper: { kind: 'agendaPaper', id: 17 }, page: 1, shownAt: '2030-03-05T10:00:00.000Z' },
    ]);
    // Less than half in view, or gone before 2 s: not counted.
    recorder.visibility(4, 0.4, pack);
    recorder.visibility(5, 0.9, pack);
    jest.advanceTimersByTime(1000);
    recorder.visibility(5, 0, pack);
    jest.advanceTimersByTime(5000);
    // The pack's front pages are no paper's.
    recorder.visibility(1, 1, pack);
    jest.advanceTimersByTime(2000);
    expect(recorder.queued()).toHaveLength(1);
    await recorder.flush();
    expect(sent).toHaveLength(1);
    expect(recorder.queued()).toEqual([]);
  });

  it('sends every 10 s while started and when the page is hidden, with keepalive', async () => {
    const calls: { pages: PageShown[]; leaving: boolean }[] = [];
    const recorder = createReadingRecorder({
      send: (pages, leaving) => {
        calls.push({ pages, leaving });
        return Promise.resolve();
      },
      now: clock,
    });
    const stop = recorder.start();
    recorder.visibility(3, 1, pack);
    jest.advanceTimersByTime(2000);
    expect(calls).toHaveLength(0);
    jest.advanceTimersByTime(SEND_EVERY_MS);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0].leaving).toBe(false);

    recorder.visibility(3, 0, pack);
    recorder.visibility(4, 1, pack);
    jest.advanceTimersByTime(2000);
    window.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({
      pages: [{ paper: { kind: 'agendaPaper', id: 17 }, page: 2, shownAt: clock().toISOString() }],
      leaving: true,
    });
    stop();
  });

  it('keeps a batch that failed to send and sends it with the next one', async () => {
    let fail = true;
    const sent: PageShown[][] = [];
    const recorder = createReadingRecorder({
      send: (pages) => {
        if (fail) return Promise.reject(new TypeError('offline'));
        sent.push(pages);
        return Promise.resolve();
      },
      now: clock,
    });
    recorder.visibility(3, 1, pack);
    jest.advanceTimersByTime(2000);
    await recorder.flush();
    expect(recorder.queued()).toHaveLength(1);
    recorder.visibility(4, 1, pack);
    jest.advanceTimersByTime(2000);
    fail = false;
    await recorder.flush();
    expect(sent).toEqual([
      [
        { paper: { kind: 'agendaPaper', id: 17 }, page: 1, shownAt: clock().toISOString() },
        { paper: { kind: 'agendaPaper', id: 17 }, page: 2, shownAt: clock().toISOString() },
      ],
    ]);
  });

  it('drops a batch the server refused for good, and sends at most 500 pages a call', async () => {
    const recorder = createReadingRecorder({
      send: () => Promise.reject(new SendFailed(false)),
      now: clock,
    });
    recorder.visibility(3, 1, pack);
    jest.advanceTimersByTime(2000);
    await recorder.flush();
    expect(recorder.queued()).toEqual([]);

    const sizes: number[] = [];
    const big = createReadingRecorder({
      send: (pages) => {
        sizes.push(pages.length);
        return Promise.resolve();
      },
      now: clock,
    });
    const long: PaperSegment[] = [
      { paper: { kind: 'document', id: 1 }, title: 'Long', firstPage: 1, pageCount: 600 },
    ];
    for (let n = 1; n <= 600; n += 1) big.visibility(n, 1, long);
    jest.advanceTimersByTime(2000);
    await big.flush(true);
    expect(sizes).toEqual([MAX_BATCH, 100]);
  });

  it('says how much of a paper the reader has read, and nothing when records are off', () => {
    const record = { enabled: true, pageCount: 30, pagesRead: 12, pages: [], lastReadAt: null };
    expect(readingLine(record)).toBe('Read 12 of 30 pages');
    expect(readingLine({ ...record, enabled: false })).toBeNull();
    expect(readingLine({ ...record, pageCount: null })).toBeNull();
  });
});
