// pdf.js as the portal runs it (docs/spec.md §2 Pack reader, Reading in the portal): its worker, standard
// fonts, CMaps and image decoders' fallbacks are files the portal serves (webpack.config.js copies them into
// dist/assets/pdfjs-<version>/), so nothing comes from a CDN, and it runs under the portal's
// Content-Security-Policy: no eval (isEvalSupported: false) and no WebAssembly (useWasm: false; pdf.js then
// decodes JPEG 2000 and JBIG2 images in JavaScript).
import { GlobalWorkerOptions, getDocument, version } from 'pdfjs-dist';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { tokenStore } from '@/lib/token-store';
import { takeWarmPdfWorker } from '@/lib/pdf-worker';

/** Where webpack.config.js puts pdf.js's files; the version in the path keeps a new release from old caches. */
export const pdfjsAssets = `/assets/pdfjs-${version}/`;

let workerSet = false;

/**
 * Opens a PDF from one of the portal's Range-capable download URLs: pdf.js asks for the first bytes, and when
 * the server answers with Accept-Ranges it fetches only the parts the shown pages need (disableAutoFetch), so
 * the first page of a long pack shows before the whole file has arrived.
 */
export function openPdf(url: string): PDFDocumentLoadingTask {
  if (!workerSet) {
    // A module worker: served as JavaScript by the portal itself (script-src 'self'); the one started ahead
    // when the page opened on a reader route, if any.
    const warm = takeWarmPdfWorker();
    if (warm) GlobalWorkerOptions.workerPort = warm;
    else GlobalWorkerOptions.workerSrc = `${pdfjsAssets}pdf.worker.min.js`;
    workerSet = true;
  }
  const token = tokenStore.get();
  return getDocument({
    url,
    httpHeaders: token ? { Authorization: `Bearer ${token}` } : undefined,
    withCredentials: true,
    isEvalSupported: false,
    useWasm: false,
    enableXfa: false,
    disableAutoFetch: true,
    rangeChunkSize: 256 * 1024,
    standardFontDataUrl: `${pdfjsAssets}standard_fonts/`,
    cMapUrl: `${pdfjsAssets}cmaps/`,
    cMapPacked: true,
    wasmUrl: `${pdfjsAssets}wasm/`,
    iccUrl: `${pdfjsAssets}iccs/`,
  });
}

/** The loading task of each URL being opened: started early by its route, or taken by the reader. */
type Opening = { task: PDFDocumentLoadingTask; taken: boolean };
const openings = new Map<string, Opening>();

/**
 * Starts opening a PDF whose URL is known before its metadata has arrived (the board pack's URL follows from
 * the route), so pdf.js's worker starts and the first bytes come while the page asks for the meeting and the
 * pack's layout. Answers the function that destroys the task if the reader never took it.
 */
export function openPdfEarly(url: string): () => void {
  const opening = openings.get(url) ?? { task: openPdf(url), taken: false };
  openings.set(url, opening);
  return () => {
    if (opening.taken || openings.get(url) !== opening) return;
    openings.delete(url);
    void opening.task.destroy();
  };
}

/** The reader's task for a URL (the one started early, or a new one) and the function that ends it. */
export function takePdf(url: string): { task: PDFDocumentLoadingTask; release: () => void } {
  const started = openings.get(url);
  const opening = started && !started.taken ? started : { task: openPdf(url), taken: false };
  opening.taken = true;
  openings.set(url, opening);
  return {
    task: opening.task,
    release: () => {
      if (openings.get(url) === opening) openings.delete(url);
      void opening.task.destroy();
    },
  };
}
