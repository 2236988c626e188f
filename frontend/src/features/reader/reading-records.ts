// Reading records (docs/spec.md §2 Pack reader, Reading records): the reader notes each page a person has
// shown (at least half of it in view for 2 s), as the page of the paper it belongs to (the pack's front pages
// are no paper's: nothing), and sends the notes in batches every 10 s and when the page is hidden or left.
// Recording never holds up reading: sending happens in the background, and a batch that fails to reach the
// server stays queued and goes with the next one.
import { createElement, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import useSWR, { mutate } from 'swr';
import { tokenStore } from '@/lib/token-store';
import { paperKindInUrl, paperPage } from '@/features/reader/page-map';
import type {
  PaperRef,
  PaperSegment,
  ReaderContext,
  ReaderExtension,
  ReaderPage,
} from '@/features/reader/types';

export type PageShown = { paper: PaperRef; page: number; shownAt: string };

/** How long at least half a page must stay in view before it counts as shown. */
export const DWELL_MS = 2000;
/** How often the queued pages are sent. */
export const SEND_EVERY_MS = 10_000;
/** The server takes at most this many pages per call. */
export const MAX_BATCH = 500;
/** A queue that cannot be sent for a long time stops growing here (the oldest pages go first). */
const MAX_QUEUED = 5000;

export const readingPagesPath = '/api/reading/pages';

/** Whether a failed send is worth retrying: the network, the server's own trouble or a session to renew. */
export class SendFailed extends Error {
  constructor(readonly retry: boolean) {
    super('The reading record could not be sent');
  }
}

export type Recorder = {
  /** How much of a page of the shown PDF is in view (0..1), each time it changes. */
  visibility: (pageNumber: number, fraction: number, segments: PaperSegment[]) => void;
  /** Sends what is queued; `leaving`: the page is being hidden or left (the request outlives it). */
  flush: (leaving?: boolean) => Promise<void>;
  /** The pages waiting to be sent. */
  queued: () => PageShown[];
  /** Starts the 10 s sending and the hidden-page listeners; answers the function that stops them. */
  start: () => () => void;
};

export type RecorderOptions = {
  send: (pages: PageShown[], leaving: boolean) => Promise<void>;
  now?: () => Date;
  /** After each batch the server took. */
  onSent?: (pages: PageShown[]) => void;
};

const sameEntry = (a: PageShown, b: { paper: PaperRef; page: number }) =>
  a.page === b.page && a.paper.kind === b.paper.kind && a.paper.id === b.paper.id;

export function createReadingRecorder({ send, now = () => new Date(), onSent }: RecorderOptions) {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** Pages in view that have already been counted: counted again only after they leave the view. */
  const counted = new Set<number>();
  let queue: PageShown[] = [];
  let inFlight = false;

  const record = (pageNumber: number, segments: PaperSegment[]) => {
    const at = paperPage(segments, pageNumber);
    if (!at || at.paper.kind === 'boardPack') return;
    // Within one batch a page counts once; the server keeps the first and last time across batches.
    if (queue.some((q) => sameEntry(q, at))) return;
    queue.push({ paper: at.paper, page: at.page, shownAt: now().toISOString() });
    if (queue.length > MAX_QUEUED) queue = queue.slice(queue.length - MAX_QUEUED);
  };

  const visibility: Recorder['visibility'] = (pageNumber, fraction, segments) => {
    if (fraction >= 0.5) {
      if (timers.has(pageNumber) || counted.has(pageNumber)) return;
      timers.set(
        pageNumber,
        setTimeout(() => {
          timers.delete(pageNumber);
          counted.add(pageNumber);
          record(pageNumber, segments);
        }, DWELL_MS),
      );
    } else {
      const timer = timers.get(pageNumber);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(pageNumber);
      counted.delete(pageNumber);
    }
  };

  const flush: Recorder['flush'] = async (leaving = false) => {
    // A send already on its way is left to finish, except when the page is going: then everything goes now.
    if (queue.length === 0 || (inFlight && !leaving)) return;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    inFlight = true;
    try {
      await send(batch, leaving);
      onSent?.(batch);
    } catch (error) {
      // Nothing is dropped unless the server refused the batch for good (a retry would be refused again).
      if (!(error instanceof SendFailed) || error.retry) queue = [...batch, ...queue];
    } finally {
      inFlight = false;
    }
    if (leaving && queue.length > 0) await flush(true);
  };

  const start = () => {
    const interval = setInterval(() => void flush(), SEND_EVERY_MS);
    const onHide = () => void flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flush(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(interval);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      // Leaving the reader inside the app: what is queued still goes.
      void flush(true);
    };
  };

  return { visibility, flush, queued: () => [...queue], start } satisfies Recorder;
}

/**
 * POSTs the pages. navigator.sendBeacon cannot carry the bearer header, so a page that is being left sends
 * with fetch's keepalive, which outlives the page the same way.
 */
export async function sendPages(pages: PageShown[], leaving: boolean): Promise<void> {
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await fetch(readingPagesPath, {
      method: 'POST',
      keepalive: leaving,
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ pages }),
    });
  } catch {
    throw new SendFailed(true);
  }
  if (res.ok) return;
  throw new SendFailed(
    res.status >= 500 || res.status === 401 || res.status === 408 || res.status === 429,
  );
}

/** The caller's own record of one paper (GET /api/papers/{kind}/{id}/reading). */
export type OwnReading = {
  enabled: boolean;
  pageCount: number | null;
  pagesRead: number;
  pages: number[];
  lastReadAt: string | null;
};

export const ownReadingKey = (paper: PaperRef): string =>
  `/api/papers/${paperKindInUrl(paper.kind)}/${paper.id}/reading`;

/** The line the reader shows for one paper: "Read 12 of 30 pages"; null while unknown or switched off. */
export function readingLine(record: OwnReading | undefined): string | null {
  if (!record || !record.enabled || record.pageCount === null) return null;
  const pages = record.pageCount === 1 ? 'page' : 'pages';
  return `Read ${record.pagesRead} of ${record.pageCount} ${pages}`;
}

export function useOwnReading(paper: PaperRef | null) {
  return useSWR<OwnReading>(paper && paper.kind !== 'boardPack' ? ownReadingKey(paper) : null);
}

/** Follows how much of the page it covers is in view and tells the recorder. */
function useVisibilityFraction(
  ref: RefObject<HTMLDivElement | null>,
  onChange: (fraction: number) => void,
) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        // A page taller than two screens can never be half in view: a screenful of it counts the same.
        const screen = entry.rootBounds?.height ?? window.innerHeight;
        const fraction = Math.max(
          entry.intersectionRatio,
          screen > 0 ? entry.intersectionRect.height / screen : 0,
        );
        latest.current(entry.isIntersecting ? fraction : 0);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      latest.current(0);
    };
  }, [ref]);
}

/**
 * Reading records as a reader extension: an invisible overlay on each rendered page watches how much of the
 * page is in view. The recorder lives as long as the reader does.
 */
export function useReadingRecordsExtension(paper: PaperRef | null): ReaderExtension {
  const shownPaper = useRef(paper);
  shownPaper.current = paper;
  const [recorder] = useState(() =>
    createReadingRecorder({
      send: sendPages,
      // The reader's own line ("Read 12 of 30 pages") follows what the server took.
      onSent: () => {
        if (shownPaper.current) void mutate(ownReadingKey(shownPaper.current));
      },
    }),
  );
  useEffect(() => recorder.start(), [recorder]);
  return useMemo(() => {
    function ReadingRecordOverlay({ page, context }: { page: ReaderPage; context: ReaderContext }) {
      const ref = useRef<HTMLDivElement>(null);
      useVisibilityFraction(ref, (fraction) =>
        recorder.visibility(page.pageNumber, fraction, context.source.segments),
      );
      return createElement('div', {
        ref,
        'aria-hidden': true,
        style: { position: 'absolute', inset: 0, pointerEvents: 'none' },
      });
    }
    return { PageOverlay: ReadingRecordOverlay };
  }, [recorder]);
}
