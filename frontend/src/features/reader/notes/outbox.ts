// Every save and delete of a note goes through this outbox in IndexedDB (docs/spec.md §2 Pack reader,
// Notes: "Offline"), so that a note made without a connection is kept and sent when the device is back
// online. Items are sent in order; PUT carries the note's own editedAt, so the server keeps each note's
// last edit however late an item arrives, and a note's UUID makes a retried PUT or DELETE harmless.
import { get, update, type UseStore } from 'idb-keyval';
import { createClosingStore } from '@/lib/idb-store';
import { ApiError, request } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';
// The offline copy's wipe registry is the one place features meet before the copy is deleted.
import { registerBeforeWipe } from '@/features/offline/wipe';
import type { Note, NotePut } from '@/features/reader/notes/types';

export type OutboxItem =
  { op: 'put'; id: string; body: NotePut; note: Note } | { op: 'delete'; id: string; note: Note };

/** An item the server refused for good (a 4xx other than 401, 408 and 429): it is dropped. */
export type Refusal = { item: OutboxItem; message: string };

type Listener = {
  changed?: (items: OutboxItem[]) => void;
  sent?: (item: OutboxItem) => void;
  refused?: (refusal: Refusal) => void;
};

const KEY = 'items';
const RETRY_MS = 30_000;

let store: UseStore | null = null;
const db = (): UseStore => (store ??= createClosingStore('tp-notes-outbox', 'outbox'));

const listeners = new Set<Listener>();

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function items(): Promise<OutboxItem[]> {
  return (await get<OutboxItem[]>(KEY, db())) ?? [];
}

async function changed(): Promise<void> {
  const now = await items();
  for (const l of listeners) l.changed?.(now);
}

/**
 * Queues a write. A later write to the same note replaces any earlier one still waiting (the later one
 * carries the note's whole state); a delete of a note never sent replaces its PUT by nothing to send
 * except the delete (harmless: an unknown id answers 204).
 */
export async function enqueue(item: OutboxItem): Promise<void> {
  await update<OutboxItem[]>(
    KEY,
    (old) => [...(old ?? []).filter((x) => x.id !== item.id), item],
    db(),
  );
  await changed();
  void flush();
}

export async function pending(): Promise<number> {
  return (await items()).length;
}

/** Answers true when the item is done with (sent, or refused for good); false to keep it. */
async function send(item: OutboxItem): Promise<boolean> {
  const path = `/api/notes/${encodeURIComponent(item.id)}`;
  try {
    if (item.op === 'put') await request(path, { method: 'PUT', body: item.body });
    else await request(path, { method: 'DELETE' });
    for (const l of listeners) l.sent?.(item);
    return true;
  } catch (error) {
    const keep =
      !(error instanceof ApiError) ||
      error.status >= 500 ||
      error.status === 401 ||
      error.status === 408 ||
      error.status === 429;
    if (keep) return false;
    const message = error.serverMessage ?? error.message;
    for (const l of listeners) l.refused?.({ item, message });
    return true;
  }
}

let flushing: Promise<void> | null = null;
let again = false;

/** Sends the waiting items in order, stopping at the first that must wait (offline, server down). */
async function drain(): Promise<void> {
  for (;;) {
    const [first] = await items();
    if (!first || !(await send(first))) return;
    // Drop exactly what was sent: a newer write to the same note queued meanwhile stays.
    await update<OutboxItem[]>(KEY, (old) => (old ?? []).filter((x) => !same(x, first)), db());
    await changed();
  }
}

/**
 * Flushes the outbox. A call while a flush runs makes it go round once more (what it reads may predate
 * the call) and answers when that is done.
 */
export function flush(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      do {
        again = false;
        await drain();
      } while (again);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

const same = (a: OutboxItem, b: OutboxItem) => JSON.stringify(a) === JSON.stringify(b);

let started = false;
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * Starts sending: now, whenever the browser is back online, and every 30 s while items wait. Registers
 * the outbox with the offline copy's wipe, so signing out first tries to send what waits.
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  registerBeforeWipe('notes', { flush, pending });
  // Signed out, the outbox's database is gone and stays gone: nothing opens it again until a sign-in.
  const signedIn = () => tokenStore.get() !== null;
  window.addEventListener('online', () => void (signedIn() ? flush() : undefined));
  timer = setInterval(() => {
    if (signedIn()) void pending().then((n) => (n > 0 ? flush() : undefined));
  }, RETRY_MS);
  void flush();
}

/** For tests: forgets the started state and the store handle. */
export function resetOutboxForTests(): void {
  if (timer) clearInterval(timer);
  timer = null;
  started = false;
  store = null;
  flushing = null;
  again = false;
  listeners.clear();
}
