import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { CommitteeMessage } from '@/types/api';

/** While the live stream cannot connect, the chat polls every 3 s (spec §9: live by default). */
export const CHAT_REFRESH_MS = 3000;
/** The server answers at most this many messages per page. */
export const MESSAGES_PAGE = 200;

export const messagesKey = (committeeId: number): string =>
  `/api/committees/${committeeId}/messages`;

export const useMessages = (committeeId: number, poll: boolean) =>
  useSWR<CommitteeMessage[]>(messagesKey(committeeId), {
    refreshInterval: poll ? CHAT_REFRESH_MS : 0,
    // SWR's default 2 s de-duplication would swallow the poll that follows a send, leaving a 6 s gap.
    dedupingInterval: 1000,
  });

/** The page of messages before `beforeId`, oldest first: scrolling up through the history. */
export const getOlderMessages = (committeeId: number, beforeId: number) =>
  api.get<CommitteeMessage[]>(`${messagesKey(committeeId)}?before=${beforeId}`);
