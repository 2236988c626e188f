// The kept-for-offline state of a meeting for the page, and the re-check at app start
// (docs/spec.md §2 Pack reader, Offline on a phone).
import { useCallback, useEffect, useState } from 'react';
import { isOnline } from '@/lib/online';
import type { KeptMeeting } from '@/features/meetings/offline/api/kept-index';
import {
  browserDeps,
  keepMeeting,
  refreshAllKept,
  refreshKeptMeeting,
  removeKeptMeeting,
  type Progress,
} from '@/features/meetings/offline/api/keep';

/** Whether this browser can keep anything (Cache Storage needs a secure context). */
export const canKeepOffline = () =>
  typeof window !== 'undefined' && 'caches' in window && 'indexedDB' in window;

// One re-check of a meeting at a time, shared by the app start and the page.
const inFlight = new Map<number, Promise<unknown>>();
const once = <T>(id: number, run: () => Promise<T>): Promise<T> => {
  const running = inFlight.get(id) as Promise<T> | undefined;
  if (running) return running;
  const started = run().finally(() => inFlight.delete(id));
  inFlight.set(id, started);
  return started;
};

let refreshedAtStart = false;

/** Re-checks every kept meeting once per app start, when online (`enabled`: not for a guest). */
export function useRefreshKeptMeetings(enabled = true) {
  useEffect(() => {
    if (!enabled || refreshedAtStart || !canKeepOffline() || !isOnline()) return;
    refreshedAtStart = true;
    void once(0, () => refreshAllKept()).catch(() => {});
  }, [enabled]);
}

export type KeptState =
  | { state: 'loading' }
  | { state: 'not-kept' }
  | { state: 'keeping'; progress: Progress }
  | { state: 'kept'; kept: KeptMeeting };

export function useKeptMeeting(meetingId: number) {
  const [status, setStatus] = useState<KeptState>({ state: 'loading' });
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    const deps = browserDeps();
    const kept = await deps.index.get(meetingId);
    setStatus(kept ? { state: 'kept', kept } : { state: 'not-kept' });
    return kept;
  }, [meetingId]);

  useEffect(() => {
    if (!canKeepOffline()) return;
    let live = true;
    void (async () => {
      const kept = await load().catch(() => undefined);
      // Opening the page online re-checks its copy.
      if (kept && live && isOnline()) {
        await once(meetingId, () => refreshKeptMeeting(meetingId)).catch(() => {});
        if (live) await load().catch(() => {});
      }
    })();
    return () => {
      live = false;
    };
  }, [load, meetingId]);

  const keep = async () => {
    setError(null);
    setStatus({ state: 'keeping', progress: { done: 0, total: 0 } });
    try {
      const kept = await keepMeeting(meetingId, (progress) =>
        setStatus({ state: 'keeping', progress }),
      );
      setStatus({ state: 'kept', kept });
    } catch (e) {
      setError(e);
      setStatus({ state: 'not-kept' });
    }
  };

  const remove = async () => {
    await removeKeptMeeting(meetingId);
    setStatus({ state: 'not-kept' });
  };

  return { status, error, keep, remove, available: canKeepOffline() };
}
