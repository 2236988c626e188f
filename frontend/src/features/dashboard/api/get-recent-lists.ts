// The dashboard's lists. The keys are those of the pages that own the lists, so the cache is shared
// and a write on those pages refreshes the dashboard too.
import useSWR from 'swr';
import type { Action, Meeting, Notice, PortalDocument } from '@/types/api';

export const useRecentNotices = () => useSWR<Notice[]>('/api/notices?includeExpired=false');
export const useUpcomingMeetings = () => useSWR<Meeting[]>('/api/meetings?upcoming=true');
export const useRecentActions = () => useSWR<Action[]>('/api/actions');
export const useRecentDocuments = () => useSWR<PortalDocument[]>('/api/documents');
