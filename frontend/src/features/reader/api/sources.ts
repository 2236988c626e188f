// What each reader route opens (docs/spec.md §2 Pack reader, Reading in the portal): the paper's metadata
// comes from the list or page that already shows it (the library, the minutes archive, the meeting's agenda),
// the pack's page layout from GET /api/meetings/{id}/board-pack/layout. Each answers a ReaderSource, or the
// reason there is none (a paper that is not a PDF keeps its download).
import useSWR from 'swr';
import { paths, meetingPath } from '@/config/paths';
import type { AgendaPaper, MeetingDetail, Minutes, PortalDocument } from '@/types/api';
import type { PaperRef, ReaderSource } from '@/features/reader/types';

/** The pack's layout (GET /api/meetings/{id}/board-pack/layout). */
export type PackLayout = {
  fingerprint: string;
  pageCount: number;
  frontPages: number;
  papers: {
    paper: PaperRef;
    title: string;
    fileName: string;
    itemNumber: number;
    itemTitle: string;
    firstPage: number;
    pageCount: number;
  }[];
};

export type SourceState =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'not-found'; backTo: ReaderSource['backTo'] }
  /** Not a PDF: the reader offers the download instead. */
  | { state: 'not-pdf'; title: string; downloadUrl: string; backTo: ReaderSource['backTo'] }
  | { state: 'ready'; source: ReaderSource };

const PDF = 'application/pdf';
export const isPdf = (mimeType: string | null | undefined, fileName: string | null | undefined) =>
  (mimeType ?? '').toLowerCase() === PDF || /\.pdf$/i.test(fileName ?? '');

/** A single paper: one segment from page 1 whose page count the reader fills in once the PDF is open. */
const single = (
  paper: PaperRef,
  title: string,
  url: string,
  fileName: string,
  backTo: ReaderSource['backTo'],
  extra: Partial<ReaderSource> = {},
): ReaderSource => ({
  title,
  url,
  fileName,
  segments: [{ paper, title, firstPage: 1, pageCount: 0 }],
  backTo,
  ...extra,
});

export function documentSource(doc: PortalDocument | undefined): SourceState {
  const backTo = { label: 'Back to library', href: paths.documents };
  if (!doc) return { state: 'not-found', backTo };
  const url = `/api/documents/${doc.id}/download`;
  if (!isPdf(doc.mimeType, doc.fileName))
    return { state: 'not-pdf', title: doc.title, downloadUrl: url, backTo };
  return {
    state: 'ready',
    source: single({ kind: 'document', id: doc.id }, doc.title, url, doc.fileName, backTo, {
      version: doc.updatedAt,
    }),
  };
}

export function minutesSource(minutes: Minutes | undefined): SourceState {
  const backTo = { label: 'Back to minutes', href: paths.minutes };
  if (!minutes || !minutes.fileName) return { state: 'not-found', backTo };
  const url = `/api/minutes/${minutes.id}/download`;
  if (!isPdf(null, minutes.fileName))
    return { state: 'not-pdf', title: minutes.title, downloadUrl: url, backTo };
  return {
    state: 'ready',
    source: single(
      { kind: 'minutes', id: minutes.id },
      minutes.title,
      url,
      minutes.fileName,
      backTo,
      {
        meetingId: minutes.meetingId ?? undefined,
      },
    ),
  };
}

const meetingBack = (detail: MeetingDetail) => ({
  label: `Back to ${detail.meeting.title}`,
  href: meetingPath(detail.meeting.id),
});

export function agendaPaperSource(detail: MeetingDetail, paperId: number): SourceState {
  const backTo = meetingBack(detail);
  let found: AgendaPaper | undefined;
  for (const item of detail.agenda) found ??= item.papers.find((p) => p.id === paperId);
  if (!found) return { state: 'not-found', backTo };
  const meetingId = detail.meeting.id;
  const url = `/api/meetings/${meetingId}/agenda-items/${found.itemId}/papers/${found.id}/download`;
  if (!isPdf(found.mimeType, found.fileName))
    return { state: 'not-pdf', title: found.title, downloadUrl: url, backTo };
  return {
    state: 'ready',
    source: single(
      { kind: 'agendaPaper', id: found.id },
      found.title,
      url,
      found.fileName,
      backTo,
      {
        meetingId,
        version: found.addedAt,
      },
    ),
  };
}

export const packUrl = (meetingId: number) => `/api/meetings/${meetingId}/board-pack`;

/**
 * The pack: its segments from the layout. Without a layout (it could not be built) the pack still opens, its
 * pages then tied to no paper.
 */
export function packSource(detail: MeetingDetail, layout: PackLayout | undefined): ReaderSource {
  const { meeting } = detail;
  return {
    title: `Board pack: ${meeting.title}`,
    url: packUrl(meeting.id),
    fileName: `board-pack.pdf`,
    meetingId: meeting.id,
    version: layout?.fingerprint,
    segments: (layout?.papers ?? []).map((p) => ({
      paper: p.paper,
      title: p.title,
      firstPage: p.firstPage,
      pageCount: p.pageCount,
    })),
    backTo: meetingBack(detail),
  };
}

export const packLayoutKey = (meetingId: number) => `/api/meetings/${meetingId}/board-pack/layout`;

const useFromList = <T extends { id: number }>(
  key: string,
  id: number,
  toState: (row: T | undefined) => SourceState,
): SourceState => {
  const { data, error } = useSWR<T[]>(key);
  if (error) return { state: 'error', error };
  if (!data) return { state: 'loading' };
  return toState(data.find((row) => row.id === id));
};

export const useDocumentSource = (id: number): SourceState =>
  useFromList<PortalDocument>('/api/documents', id, documentSource);

export const useMinutesSource = (id: number): SourceState =>
  useFromList<Minutes>('/api/minutes', id, minutesSource);

export function useAgendaPaperSource(meetingId: number, paperId: number): SourceState {
  const { data, error } = useSWR<MeetingDetail>(`/api/meetings/${meetingId}`);
  if (error) return { state: 'error', error };
  if (!data) return { state: 'loading' };
  return agendaPaperSource(data, paperId);
}

export function usePackSource(meetingId: number): SourceState {
  const meeting = useSWR<MeetingDetail>(`/api/meetings/${meetingId}`);
  const layout = useSWR<PackLayout>(packLayoutKey(meetingId));
  if (meeting.error) return { state: 'error', error: meeting.error };
  if (!meeting.data || (!layout.data && !layout.error)) return { state: 'loading' };
  return { state: 'ready', source: packSource(meeting.data, layout.data) };
}
