import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { CommitteeMessage } from '@/types/api';
import { messagesKey } from '@/features/committees/api/get-messages';

export const sendMessage = (committeeId: number, message: string) =>
  api.post<CommitteeMessage>(messagesKey(committeeId), { message });

export function useSendMessage() {
  const revalidate = useRevalidate();
  return async (committeeId: number, message: string) => {
    const sent = await sendMessage(committeeId, message);
    await revalidate(messagesKey(committeeId));
    return sent;
  };
}
