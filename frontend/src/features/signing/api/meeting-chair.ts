// GET/PUT /api/meetings/{id}/chair: who chaired a meeting, who signs its minutes (spec §16 Signing).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { MeetingChair } from '@/types/api';

export const meetingChairPath = (meetingId: number) => `/api/meetings/${meetingId}/chair`;

export const useMeetingChair = (meetingId: number, wanted = true) =>
  useSWR<MeetingChair>(wanted ? meetingChairPath(meetingId) : null, (path: string) =>
    api.get<MeetingChair>(path),
  );

/** Records who chaired the meeting, or (`null`) nobody: the board's chair then signs. */
export const recordMeetingChair = (meetingId: number, userId: number | null) =>
  api.put<MeetingChair>(meetingChairPath(meetingId), { userId });
