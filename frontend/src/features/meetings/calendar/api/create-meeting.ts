import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Meeting, CreateMeetingRequest } from '@/types/api';
import { meetingsPath } from '@/features/meetings/calendar/api/get-meetings';

export type CreateMeetingInput = CreateMeetingRequest;

export const createMeeting = (input: CreateMeetingInput) => api.post<Meeting>(meetingsPath, input);

export function useCreateMeeting() {
  const revalidate = useRevalidate();
  return async (input: CreateMeetingInput) => {
    const meeting = await createMeeting(input);
    await revalidate(meetingsPath, '/api/dashboard/stats');
    return meeting;
  };
}
