// Conflicts of interest declared on a meeting's agenda items (spec §10, Meeting page).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.generated';
import type {
  ConflictDeclaration,
  ConflictHandling,
  DeclareConflictRequest,
  MeetingConflicts,
} from '@/types/api';

export const conflictsPath = (meetingId: number) => `/api/meetings/${meetingId}/conflicts`;
const itemPath = (meetingId: number, itemId: number) =>
  `/api/meetings/${meetingId}/agenda-items/${itemId}/conflicts`;

export const useMeetingConflicts = (meetingId: number, enabled = true) =>
  useSWR<MeetingConflicts>(enabled ? conflictsPath(meetingId) : null);

export const declareConflict = (meetingId: number, itemId: number, body: DeclareConflictRequest) =>
  api.post<ConflictDeclaration>(itemPath(meetingId, itemId), body);

export const recordHandling = (
  meetingId: number,
  itemId: number,
  conflictId: number,
  handling: ConflictHandling | null,
) =>
  api.put<ConflictDeclaration>(`${itemPath(meetingId, itemId)}/${conflictId}/handling`, {
    handling,
  });

export const withdrawConflict = (meetingId: number, itemId: number, conflictId: number) =>
  api.delete<unknown>(`${itemPath(meetingId, itemId)}/${conflictId}`);

export const handlingLabels: Record<ConflictHandling, string> = {
  left: 'Left the meeting for this item',
  'stayed-not-decided': 'Stayed for the discussion, not the decision',
  'no-conflict': 'No conflict after all',
};

export type RegisterEntry = components['schemas']['Interest'];
export type InterestKind = components['schemas']['InterestKind'];

/** The register of interests as the caller may read it (the entries a declaration can name). */
export const useRegister = () => useSWR<RegisterEntry[]>('/api/interests');

/** The kinds in the words of a minute: "declared an interest (directorship, Acme Ltd)". */
export const kindWords: Record<InterestKind, string> = {
  employment: 'employment',
  directorship: 'directorship',
  trusteeship: 'trusteeship',
  shareholding: 'shareholding',
  family: 'family or personal relationship',
  'gift-or-hospitality': 'gift or hospitality',
  other: 'other',
};
