// A meeting's written minutes (spec §2): the current version, older versions, and every write.
import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type {
  ApproveMinutesRequest,
  MinuteEntry,
  MinuteEntryRequest,
  WrittenMinutes,
} from '@/types/api';

export type MinutesStatus = 'draft' | 'circulated' | 'approved' | 'locked';
export type EntryKind = 'note' | 'decision' | 'action';

export const writtenMinutesPath = (meetingId: number) =>
  `/api/meetings/${meetingId}/written-minutes`;

/** 404 means "no minutes this reader may see": answered as `null`, not as an error. */
const orNone = async <T>(path: string): Promise<T | null> => {
  try {
    return await api.get<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const useWrittenMinutes = (meetingId: number) =>
  useSWR<WrittenMinutes | null>(writtenMinutesPath(meetingId), orNone<WrittenMinutes>);

/** Every version the reader may see, newest first; fetched only when there is more than one. */
export const useMinutesVersions = (meetingId: number, wanted: boolean) =>
  useSWR<WrittenMinutes[] | null>(
    wanted ? `${writtenMinutesPath(meetingId)}/versions` : null,
    orNone<WrittenMinutes[]>,
  );

export const minutesApi = {
  start: (meetingId: number) => api.post<WrittenMinutes>(writtenMinutesPath(meetingId)),
  addEntry: (meetingId: number, body: MinuteEntryRequest) =>
    api.post<MinuteEntry>(`${writtenMinutesPath(meetingId)}/entries`, body),
  updateEntry: (meetingId: number, entryId: number, text: string) =>
    api.put<MinuteEntry>(`${writtenMinutesPath(meetingId)}/entries/${entryId}`, { text }),
  deleteEntry: (meetingId: number, entryId: number) =>
    api.delete<void>(`${writtenMinutesPath(meetingId)}/entries/${entryId}`),
  circulate: (meetingId: number) =>
    api.post<WrittenMinutes>(`${writtenMinutesPath(meetingId)}/circulate`),
  approve: (meetingId: number, body: ApproveMinutesRequest) =>
    api.post<WrittenMinutes>(`${writtenMinutesPath(meetingId)}/approve`, body),
  lock: (meetingId: number) => api.post<WrittenMinutes>(`${writtenMinutesPath(meetingId)}/lock`),
  correct: (meetingId: number, reason: string) =>
    api.post<WrittenMinutes>(`${writtenMinutesPath(meetingId)}/corrections`, { reason }),
  downloadPdf: (meetingId: number) => downloadFile(`${writtenMinutesPath(meetingId)}/pdf`),
};

export const statusLabels: Record<MinutesStatus, string> = {
  draft: 'Draft',
  circulated: 'Circulated',
  approved: 'Approved',
  locked: 'Locked',
};

export const statusLabel = (status: string): string =>
  statusLabels[status as MinutesStatus] ?? status;

export const kindLabels: Record<EntryKind, string> = {
  note: 'Note',
  decision: 'Decision',
  action: 'Action',
};

export const kindLabel = (kind: string): string => kindLabels[kind as EntryKind] ?? kind;

/** Approved and locked minutes refuse every edit: a correction is a new version. */
export const isEditable = (status: string): boolean =>
  status === 'draft' || status === 'circulated';
