import useSWR from 'swr';
import type { Action } from '@/types/api';

/**
 * The actions raised at a meeting (spec §2 Meeting page): the action tracker's list (the same key the
 * minutes' writes refresh) filtered by the meeting whose written minutes recorded each action. The
 * server lists only the actions the reader may see (spec §6 Committee meetings).
 */
export function useActionsArising(meetingId: number) {
  const { data, error, isLoading } = useSWR<Action[]>('/api/actions');
  return { actions: data?.filter((a) => a.meetingId === meetingId), error, isLoading };
}
