// The caller's private calendar feed (issue 13) and one meeting's .ics download.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { CalendarFeed } from '@/types/api';

export const feedUrlPath = '/api/calendar/feed-url';

export const useFeedUrl = (enabled: boolean) => useSWR<CalendarFeed>(enabled ? feedUrlPath : null);

export const regenerateFeedUrl = () => api.post<CalendarFeed>(`${feedUrlPath}/regenerate`);

export const downloadMeetingIcs = (meetingId: number) =>
  downloadFile(`/api/meetings/${meetingId}/ics`);
