import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Meeting } from '@/types/api';
import { meetingsPath } from '@/features/calendar/api/get-meetings';

export type CreateMeetingInput = {
  title: string;
  description: string;
  meetingDate: string;
  location: string | null;
  meetingLink: string | null;
  agendaLink: string | null;
};

export const createMeeting = (input: CreateMeetingInput) => api.post<Meeting>(meetingsPath, input);

export function useCreateMeeting() {
  const revalidate = useRevalidate();
  return async (input: CreateMeetingInput) => {
    const meeting = await createMeeting(input);
    await revalidate(meetingsPath, '/api/dashboard/stats');
    return meeting;
  };
}
