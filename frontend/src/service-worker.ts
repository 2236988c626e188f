// The portal's service worker (docs/spec.md §2 Pack reader, Offline on a phone), built by Workbox's
// InjectManifest in production builds only:
// - it precaches the app shell (everything webpack emits but source maps and very large files), so the
//   portal opens without a connection;
// - navigations go to the network and fall back to the precached index.html when offline;
// - API GETs are never cached, except the URLs a meeting kept for offline holds in its own cache
//   (`tp-meeting-{id}`, filled by the page): those go to the network first, refresh the kept copy, and
//   are answered from it when offline; a Range request is answered from the kept whole file.
// A new version waits until every window of the portal has been closed and takes over at the next
// start: never in the middle of a session, so nothing being typed or read is lost.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { createPartialResponse } from 'workbox-range-requests';
import type { PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/** Must match features/meetings/offline: the cache of one kept meeting. */
const KEPT_MEETING_PREFIX = 'tp-meeting-';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    // Downloads and views opened as a page are the API's, never the shell.
    { denylist: [/^\/api\//] },
  ),
);

/** The kept meeting's cache holding this URL, if any. */
async function keptCacheFor(url: string): Promise<Cache | null> {
  const names = (await caches.keys()).filter((name) => name.startsWith(KEPT_MEETING_PREFIX));
  for (const name of names) {
    const cache = await caches.open(name);
    if (await cache.match(url, { ignoreVary: true })) return cache;
  }
  return null;
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    request.method === 'GET',
  async ({ request }) => {
    const cache = await keptCacheFor(request.url);
    if (!cache) return fetch(request);
    const ranged = request.headers.has('Range');
    try {
      const response = await fetch(request);
      // Only whole answers refresh the copy; a partial one (206) or a refusal leaves it as it is (the
      // page deletes a copy the person has lost access to when it re-checks the meeting).
      if (response.status === 200 && !ranged) await cache.put(request.url, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request.url, { ignoreVary: true });
      if (!kept) throw error;
      return ranged ? createPartialResponse(request, kept) : kept;
    }
  },
);
