// The reader's routes (docs/spec.md §2 Pack reader, Reading in the portal): a library document, uploaded
// minutes, one agenda paper, or the board pack; `?page=N` opens at a page, `?q=` searches the file for a
// portal search's words. One webpack chunk, loaded only when a reader route is opened, so pdf.js is never
// part of another page's first load.
import { useEffect } from 'react';
import { matchPath, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ErrorBlock, LoadingBlock } from '@/components/query-state';
import { Reader, NotPdf } from '@/features/reader/components/reader';
import { useReaderExtensions } from '@/features/reader/extensions';
import { openPdfEarly } from '@/features/reader/pdf';
import {
  useAgendaPaperSource,
  useDocumentSource,
  useMinutesSource,
  packUrl,
  usePackSource,
  type SourceState,
} from '@/features/reader/api/sources';
import type { ReaderSource } from '@/features/reader/types';

function ReaderFor({ source }: { source: ReaderSource }) {
  const extensions = useReaderExtensions(source);
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return (
    <Reader
      source={source}
      extensions={extensions}
      initialPage={Number.isInteger(page) && page > 0 ? page : undefined}
      initialQuery={params.get('q') ?? undefined}
    />
  );
}

function ReaderRoute({ state }: { state: SourceState }) {
  switch (state.state) {
    case 'loading':
      return <LoadingBlock />;
    case 'error':
      return <ErrorBlock error={state.error} />;
    case 'not-found':
      return (
        <ErrorBlock error={new Error('This paper cannot be found, or you may not read it.')} />
      );
    case 'not-pdf':
      return <NotPdf title={state.title} downloadUrl={state.downloadUrl} backTo={state.backTo} />;
    case 'ready':
      return <ReaderFor key={state.source.url} source={state.source} />;
  }
}

const useId = (name: string) => Number(useParams()[name]);

export function DocumentReaderRoute() {
  return <ReaderRoute state={useDocumentSource(useId('id'))} />;
}

export function MinutesReaderRoute() {
  return <ReaderRoute state={useMinutesSource(useId('id'))} />;
}

export function AgendaPaperReaderRoute() {
  return <ReaderRoute state={useAgendaPaperSource(useId('id'), useId('paperId'))} />;
}

export function PackReaderRoute() {
  const id = useId('id');
  // The pack is always a PDF at a URL the route gives: it starts opening alongside the meeting and layout.
  useEffect(() => openPdfEarly(packUrl(id)), [id]);
  return <ReaderRoute state={usePackSource(id)} />;
}

/** How long a pack opened ahead waits for its route to take it before it is dropped. */
const EARLY_OPEN_KEPT_MS = 30_000;

/**
 * A page opened directly on the pack's route starts opening the pack as soon as this chunk has loaded, before
 * the shell has rendered the route; the route takes the same task (or it is dropped unused).
 */
export function openAhead(pathname: string): void {
  const match = matchPath(paths.readPack, pathname);
  const id = Number(match?.params.id);
  if (!Number.isInteger(id) || id <= 0) return;
  setTimeout(openPdfEarly(packUrl(id)), EARLY_OPEN_KEPT_MS);
}
