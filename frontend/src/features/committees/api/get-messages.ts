import useSWR from 'swr';
import type { CommitteeMessage } from '@/types/api';

/** Chat is the one list that polls: every 3 s while the committee is active. */
export const CHAT_REFRESH_MS = 3000;

export const messagesKey = (committeeId: number): string =>
  `/api/committees/${committeeId}/messages`;

export const useMessages = (committeeId: number, live: boolean) =>
  useSWR<CommitteeMessage[]>(messagesKey(committeeId), {
    refreshInterval: live ? CHAT_REFRESH_MS : 0,
    // SWR's default 2 s de-duplication would swallow the poll that follows a send, leaving a 6 s gap.
    dedupingInterval: 1000,
  });
