// Registers the service worker (src/service-worker.ts, docs/spec.md §2 Pack reader, Offline on a phone)
// in production builds only, where the browser has them; development and Jest never do.
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/service-worker.js').catch(() => {
      // Without it the portal works as before, online only.
    });
  });
}
