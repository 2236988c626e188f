// pdf.js's worker started ahead of the reader (docs/spec.md §2 Pack reader, Reading in the portal). Parsing
// the 1 MB worker takes a phone a noticeable moment; it runs on its own thread, so when a reader route is
// opened directly (a link, a reload, a pack kept offline) the worker starts while the shell and the reader's
// chunk are still loading, and the reader takes it when it opens its first paper.

/** The worker's URL, set by webpack.config.js (the pdf.js version names the folder); absent under Jest. */
declare const PDFJS_WORKER_URL: string | undefined;

let warm: Worker | null = null;

/** Starts the worker once, where the browser has workers. */
export function warmPdfWorker(): void {
  if (warm || typeof Worker === 'undefined' || typeof PDFJS_WORKER_URL !== 'string') return;
  try {
    warm = new Worker(PDFJS_WORKER_URL, { type: 'module' });
  } catch {
    // A browser that cannot start it now: the reader starts its own.
    warm = null;
  }
}

/** The worker started ahead, handed over once. */
export function takeWarmPdfWorker(): Worker | null {
  const worker = warm;
  warm = null;
  return worker;
}
