// Reading records of a meeting's papers (spec §2 Pack reader, Reading records): the caller's own record
// and, for admins and chairs, who has read what.
import useSWR from 'swr';
import { plural } from '@/lib/format';
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];
/** What a note or a reading record is about (docs/api.md, Paper references). */
export type PaperRef = Schemas['PaperRef'];
/** One of the meeting's PDF papers in the caller's own record. */
export type MyPaperReading = Schemas['PaperProgress'];
/** `GET /api/meetings/{id}/reading`: the caller's own record for the meeting's PDF papers. */
export type MeetingReading = Schemas['MeetingReading'];
export type PaperReadingState = Schemas['PaperState'];
/** `GET /api/meetings/{id}/reading-summary`: who has read the papers (admins and chairs). */
export type ReadingSummary = Schemas['ReadingSummary'];

export const meetingReadingPath = (meetingId: number) => `/api/meetings/${meetingId}/reading`;
export const readingSummaryPath = (meetingId: number) =>
  `/api/meetings/${meetingId}/reading-summary`;

/**
 * Asked afresh whenever a meeting's page shows it: the reader records pages as they are shown, so an
 * answer kept from an earlier visit would be out of date (the portal's answers are otherwise never stale).
 * `enabled` false for a guest, of whom the portal keeps no reading records (spec §6 Guests).
 */
export const useMeetingReading = (meetingId: number, enabled = true) =>
  useSWR<MeetingReading>(enabled ? meetingReadingPath(meetingId) : null, {
    revalidateOnMount: true,
  });

/** Asked only for admins and chairs (anyone else is refused: 403). */
export const useReadingSummary = (meetingId: number, officer: boolean) =>
  useSWR<ReadingSummary>(officer ? readingSummaryPath(meetingId) : null);

export const samePaper = (a: PaperRef, b: PaperRef) => a.kind === b.kind && a.id === b.id;

const pages = (n: number) => plural(n, 'page', 'pages');

/** "Read 5 of 12 pages", "Not opened" (a paper in the caller's own record). */
export const myPaperText = ({
  pagesRead,
  pageCount,
}: Pick<MyPaperReading, 'pagesRead' | 'pageCount'>) =>
  pagesRead === 0 ? 'Not opened' : `Read ${pagesRead} of ${pages(pageCount)}`;

/** "Not opened", "Started (3 of 12 pages)", "Read" (a person and a paper, for admins and chairs). */
export const stateText = (state: PaperReadingState, pagesRead: number, pageCount: number) =>
  state === 'notOpened'
    ? 'Not opened'
    : state === 'started'
      ? `Started (${pagesRead} of ${pages(pageCount)})`
      : 'Read';
