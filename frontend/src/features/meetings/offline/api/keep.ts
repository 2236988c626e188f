// "Keep for offline" (docs/spec.md §2 Pack reader, Offline on a phone): a meeting's answers, papers,
// board pack and the person's notes are fetched with the session's token into the Cache Storage cache
// `tp-meeting-{id}`; the service worker answers them from there when offline. Re-checked when online:
// a meeting the person can no longer see loses its copy, a replaced paper or rebuilt pack is fetched
// again (its ETag changed), removed papers are dropped.
import { tokenStore } from '@/lib/token-store';
import { ApiError, request } from '@/lib/api-client';
import type { MeetingDetail } from '@/types/api';
import {
  keptIndex,
  type KeptIndex,
  type KeptMeeting,
} from '@/features/meetings/offline/api/kept-index';

export const keptCacheName = (meetingId: number) => `tp-meeting-${meetingId}`;

/** What keeping and re-checking need; tests pass their own. */
export type KeepDeps = {
  request: (url: string, headers?: Record<string, string>) => Promise<Response>;
  caches: Pick<CacheStorage, 'open' | 'delete'>;
  index: KeptIndex;
  now: () => Date;
};

/** Refuses once signed out: a keep or re-check still running when the copy is wiped writes nothing back. */
const whileSignedIn = <T>(write: () => Promise<T>): Promise<T> =>
  tokenStore.get() === null ? Promise.reject(new Error('Signed out')) : write();

export const browserDeps = (): KeepDeps => ({
  request: (url, headers) => request(url, { headers }),
  caches: {
    open: (name) => whileSignedIn(() => window.caches.open(name)),
    delete: (name) => window.caches.delete(name),
  },
  index: {
    ...keptIndex,
    put: (kept) => whileSignedIn(() => keptIndex.put(kept)),
    get: (id) => whileSignedIn(() => keptIndex.get(id)),
    all: () => whileSignedIn(() => keptIndex.all()),
    // Signed out, the wipe has removed everything already.
    remove: (id) => (tokenStore.get() === null ? Promise.resolve() : keptIndex.remove(id)),
  },
  now: () => new Date(),
});

export const meetingUrl = (id: number) => `/api/meetings/${id}`;

export type KeptUrls = {
  /** JSON answers the meeting page and the app shell read at start; those refused are skipped. */
  json: string[];
  /** Paper downloads and the pack: re-checked by ETag. */
  files: string[];
};

/** The URLs kept for a meeting, from its detail answer. */
export function keptUrls(detail: MeetingDetail): KeptUrls {
  const id = detail.meeting.id;
  const base = meetingUrl(id);
  const papers = detail.agenda.flatMap((item) => item.papers.map((paper) => ({ item, paper })));
  const hasPack = papers.some(({ paper }) => paper.mimeType === 'application/pdf');
  const json = [
    // The app shell and session at start.
    '/api/auth/me',
    '/api/me/tasks',
    // The meeting page.
    base,
    `${base}/attendance`,
    `${base}/conflicts`,
    `${base}/written-minutes`,
    ...(detail.canManage ? [`${base}/resolution-offers`] : []),
    // The reader: the pack's layout, the person's notes and reading record.
    ...(hasPack ? [`${base}/board-pack/layout`, `${base}/board-pack/notes`] : []),
    `${base}/reading`,
    // Each PDF paper opened on its own: its notes and the person's record of it.
    ...papers
      .filter(({ paper }) => paper.mimeType === 'application/pdf')
      .flatMap(({ paper }) => [
        `/api/papers/agenda-paper/${paper.id}/notes`,
        `/api/papers/agenda-paper/${paper.id}/reading`,
      ]),
  ];
  const files = [
    ...papers.map(
      ({ item, paper }) => `${base}/agenda-items/${item.id}/papers/${paper.id}/download`,
    ),
    ...(hasPack ? [`${base}/board-pack`] : []),
  ];
  return { json, files };
}

const sizeOf = (response: Response) => Number(response.headers.get('Content-Length')) || 0;

export type Progress = { done: number; total: number };

/** Keeps a meeting: answers the index entry; throws (ApiError) when the meeting itself fails. */
export async function keepMeeting(
  meetingId: number,
  onProgress: (progress: Progress) => void = () => {},
  deps: KeepDeps = browserDeps(),
): Promise<KeptMeeting> {
  const first = await deps.request(meetingUrl(meetingId));
  const detail = (await first.clone().json()) as MeetingDetail;
  const { json, files } = keptUrls(detail);
  const all = [...json, ...files];
  const cache = await deps.caches.open(keptCacheName(meetingId));
  const etags: Record<string, string | null> = {};
  let size = 0;
  let done = 0;
  onProgress({ done, total: all.length });
  for (const url of all) {
    try {
      const response = url === meetingUrl(meetingId) ? first : await deps.request(url);
      if (files.includes(url)) {
        etags[url] = response.headers.get('ETag');
        size += sizeOf(response);
      } else etags[url] = null;
      await cache.put(url, response);
    } catch (error) {
      // A call this person may not make (403/404) is simply not kept; anything else fails the keep.
      if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) {
        await deps.caches.delete(keptCacheName(meetingId));
        throw error;
      }
    }
    onProgress({ done: ++done, total: all.length });
  }
  const kept: KeptMeeting = {
    meetingId,
    title: detail.meeting.title,
    keptAt: deps.now().toISOString(),
    size,
    etags,
  };
  await deps.index.put(kept);
  return kept;
}

/** Deletes a meeting's offline copy. */
export async function removeKeptMeeting(meetingId: number, deps: KeepDeps = browserDeps()) {
  await deps.caches.delete(keptCacheName(meetingId));
  await deps.index.remove(meetingId);
}

export type RefreshResult = 'unchanged' | 'updated' | 'removed' | 'not-kept' | 'unreachable';

/**
 * Re-checks a kept meeting while online. A file is asked for with `Range: bytes=1-1` and
 * `If-Range: <kept ETag>`: the server answers 206 when it is the same file (one byte, and no reading is
 * recorded since the range does not start at 0), or 200 with the whole new file when it changed.
 */
export async function refreshKeptMeeting(
  meetingId: number,
  deps: KeepDeps = browserDeps(),
): Promise<RefreshResult> {
  const kept = await deps.index.get(meetingId);
  if (!kept) return 'not-kept';
  let first: Response;
  try {
    first = await deps.request(meetingUrl(meetingId));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      // The person lost access (or the meeting is gone): nothing of it stays on the device.
      await removeKeptMeeting(meetingId, deps);
      return 'removed';
    }
    return 'unreachable';
  }
  const detail = (await first.clone().json()) as MeetingDetail;
  const { json, files } = keptUrls(detail);
  const cache = await deps.caches.open(keptCacheName(meetingId));
  const etags: Record<string, string | null> = {};
  let size = 0;
  let changed = false;
  for (const url of Object.keys(kept.etags)) {
    if (!json.includes(url) && !files.includes(url)) {
      await cache.delete(url);
      changed = true;
    }
  }
  try {
    for (const url of json) {
      try {
        const response = url === meetingUrl(meetingId) ? first : await deps.request(url);
        await cache.put(url, response);
        etags[url] = null;
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404))
          throw error;
      }
    }
    for (const url of files) {
      const known = kept.etags[url];
      let response: Response;
      try {
        response = known
          ? await deps.request(url, { Range: 'bytes=1-1', 'If-Range': known })
          : await deps.request(url);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 416 && known) response = await deps.request(url);
        else continue;
      }
      if (response.status === 206 && known) {
        etags[url] = known;
        size += Number(response.headers.get('Content-Range')?.split('/')[1]) || 0;
        continue;
      }
      etags[url] = response.headers.get('ETag');
      size += sizeOf(response);
      await cache.put(url, response);
      changed = true;
    }
  } catch {
    // The connection dropped half way: what was refreshed stays, the rest is re-checked next time.
    return 'unreachable';
  }
  await deps.index.put({ ...kept, title: detail.meeting.title, size, etags });
  return changed ? 'updated' : 'unchanged';
}

/** Re-checks every kept meeting (at app start, online). */
export async function refreshAllKept(deps: KeepDeps = browserDeps()): Promise<void> {
  const all = await deps.index.all();
  for (const kept of all) await refreshKeptMeeting(kept.meetingId, deps);
}
