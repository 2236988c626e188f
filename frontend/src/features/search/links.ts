// What opening a search result does (docs/spec.md §2 Search, The search box and results page): a PDF opens in
// the reader with the query, which searches the file for it; any other file downloads; every other record
// opens the page that shows it, at its section.
import {
  committeePath,
  governancePath,
  meetingPath,
  paths,
  readAgendaPaperPath,
  readDocumentPath,
  readMinutesPath,
  withReaderQuery,
} from '@/config/paths';
import type { SearchResult } from '@/types/api';

export type ResultTarget = { type: 'link'; to: string } | { type: 'download'; url: string };

const link = (to: string): ResultTarget => ({ type: 'link', to });

/** The meeting page at one of its sections, or `fallback` when the result names no meeting. */
const meetingSection = (meetingId: number | null, section: string, fallback: string) =>
  link(meetingId ? `${meetingPath(meetingId)}#${section}` : fallback);

/** Where a result leads for the query `q`. */
export function resultTarget(result: SearchResult, q: string): ResultTarget {
  const { open } = result;
  const file = (readerPath: string | null): ResultTarget =>
    open.pdf && readerPath
      ? link(withReaderQuery(readerPath, q))
      : open.fileUrl
        ? { type: 'download', url: open.fileUrl }
        : link(readerPath ?? paths.dashboard);
  switch (result.kind) {
    case 'document':
      return file(readDocumentPath(open.documentId ?? result.id));
    case 'uploadedMinutes':
      return file(readMinutesPath(open.minutesId ?? result.id));
    case 'agendaPaper': {
      const meetingId = open.meetingId ?? result.meeting?.id ?? null;
      return meetingId
        ? file(readAgendaPaperPath(meetingId, open.paperId ?? result.id))
        : file(null);
    }
    case 'committeeDocument': {
      // The reader opens the library, minutes and meeting papers; a committee's files download.
      if (open.fileUrl) return { type: 'download', url: open.fileUrl };
      const committeeId = open.committeeId ?? result.committee?.id ?? null;
      return link(committeeId ? committeePath(committeeId, 'documents') : paths.committees);
    }
    case 'writtenMinutes':
    case 'decision':
      return meetingSection(
        open.meetingId ?? result.meeting?.id ?? null,
        'minutes',
        result.kind === 'decision' ? paths.decisions : paths.minutes,
      );
    case 'agendaItem':
      return meetingSection(open.meetingId ?? result.meeting?.id ?? null, 'agenda', paths.calendar);
    case 'notice':
      return link(paths.notices);
    case 'action':
      return link(paths.actions);
    case 'resolution':
      return link(governancePath('resolutions'));
    case 'interest':
      return link(governancePath('interests'));
    case 'chatMessage': {
      const committeeId = open.committeeId ?? result.committee?.id ?? null;
      return link(committeeId ? committeePath(committeeId, 'chat') : paths.committees);
    }
  }
}
