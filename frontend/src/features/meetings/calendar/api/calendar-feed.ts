// The caller's private calendar feed (spec §2 Calendar feed).
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { CalendarFeed } from '@/types/api';

export const feedUrlPath = '/api/calendar/feed-url';

export const useFeedUrl = (enabled: boolean) => useSWR<CalendarFeed>(enabled ? feedUrlPath : null);

export const regenerateFeedUrl = () => api.post<CalendarFeed>(`${feedUrlPath}/regenerate`);
