// Deleting what the portal keeps in the browser (docs/spec.md §2 Pack reader, Offline on a phone):
// every Cache Storage cache and every IndexedDB database the portal makes is named `tp-...`; signing
// out (by the person, after a 401, or when idle) deletes them all.
//
// The before-wipe registry: a feature that keeps unsent work in the browser (the notes outbox,
// database `tp-notes-outbox`) registers here so that it is not lost silently:
//
//   registerBeforeWipe('notes', {
//     flush: () => outbox.flush(),       // send what waits, while the session is still valid
//     pending: () => outbox.count(),     // how many items are still unsent
//   });
//
// - runBeforeWipe(): called before signing out while online (the sign-out menu and the idle sign-out);
//   runs every flush, each failure ignored, for at most a few seconds in all, then the wipe goes ahead.
// - pendingBeforeWipe(): the number of unsent items; signing out while offline warns "N notes made
//   offline have not been sent yet and will be lost" when it is above zero.
// After a 401 the session is gone, so nothing can be sent: the wipe follows at once.
// registerBeforeWipe answers the function that unregisters.

export type BeforeWipeHooks = {
  flush: () => Promise<void>;
  pending: () => Promise<number>;
};

const hooks = new Map<string, BeforeWipeHooks>();

export function registerBeforeWipe(name: string, registered: BeforeWipeHooks): () => void {
  hooks.set(name, registered);
  return () => {
    if (hooks.get(name) === registered) hooks.delete(name);
  };
}

/** Whether any feature registered: without one, signing out needs no wait. */
export const hasBeforeWipe = (): boolean => hooks.size > 0;

/** How long signing out waits for the flushes. */
export const BEFORE_WIPE_LIMIT_MS = 5_000;

export async function runBeforeWipe(limitMs: number = BEFORE_WIPE_LIMIT_MS): Promise<void> {
  const flushes = [...hooks.values()].map((h) => h.flush().catch(() => {}));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.all(flushes).then(() => {}), limit]);
  clearTimeout(timer);
}

export async function pendingBeforeWipe(): Promise<number> {
  const counts = await Promise.all([...hooks.values()].map((h) => h.pending().catch(() => 0)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The portal's prefix for caches and databases. */
export const STORAGE_PREFIX = 'tp-';

/** Deleted by name where the browser cannot list its databases (indexedDB.databases()). */
export const KNOWN_DATABASES = ['tp-offline', 'tp-notes-outbox'];

/** What the wipe needs from the browser; tests pass their own. */
export type BrowserStorage = {
  cacheNames: () => Promise<string[]>;
  deleteCache: (name: string) => Promise<unknown>;
  /** null when the browser cannot list them. */
  databaseNames: () => Promise<string[] | null>;
  deleteDatabase: (name: string) => Promise<void>;
};

export const browserStorage: BrowserStorage = {
  cacheNames: async () => (typeof caches === 'undefined' ? [] : caches.keys()),
  deleteCache: async (name) => (typeof caches === 'undefined' ? false : caches.delete(name)),
  databaseNames: async () => {
    if (typeof indexedDB === 'undefined') return [];
    if (typeof indexedDB.databases !== 'function') return null;
    const list = await indexedDB.databases();
    return list.flatMap((db) => (db.name ? [db.name] : []));
  },
  deleteDatabase: (name) =>
    new Promise<void>((resolve) => {
      if (typeof indexedDB === 'undefined') return resolve();
      const req = indexedDB.deleteDatabase(name);
      // Blocked (another tab holds it open): it is deleted once that tab lets go.
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    }),
};

/** Deletes every `tp-` cache and database; failures of one do not stop the others. */
export async function wipeOfflineData(storage: BrowserStorage = browserStorage): Promise<void> {
  const ours = (name: string) => name.startsWith(STORAGE_PREFIX);
  const cacheNames = await storage.cacheNames().catch(() => [] as string[]);
  const listed = await storage.databaseNames().catch(() => null);
  const databases = listed === null ? KNOWN_DATABASES : listed.filter(ours);
  await Promise.all([
    ...cacheNames.filter(ours).map((name) => storage.deleteCache(name).catch(() => {})),
    ...databases.map((name) => storage.deleteDatabase(name).catch(() => {})),
  ]);
}
