// GET /api/meetings/{id}/written-minutes/signer: the trustee the board named to sign the minutes besides
// the chair, if any (spec §16 Signing).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { MinutesSigner } from '@/types/api';

export const minutesSignerPath = (meetingId: number) =>
  `/api/meetings/${meetingId}/written-minutes/signer`;

/** Asked only when `wanted` (approved or locked minutes not signed yet). */
export const useMinutesSigner = (meetingId: number, wanted: boolean) =>
  useSWR<MinutesSigner>(wanted ? minutesSignerPath(meetingId) : null, (path: string) =>
    api.get<MinutesSigner>(path),
  );

/** Names who signs the minutes besides whoever chaired the meeting, or (`null`) nobody. */
export const nameMinutesSigner = (meetingId: number, userId: number | null) =>
  api.put<MinutesSigner>(minutesSignerPath(meetingId), { userId });
