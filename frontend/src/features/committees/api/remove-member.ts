import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { committeesPath } from '@/features/committees/api/get-committees';
import { membersKey } from '@/features/committees/api/get-members';

export const removeMember = (committeeId: number, userId: number) =>
  api.delete<MessageResponse>(`${membersKey(committeeId)}/${userId}`);

export function useRemoveMember() {
  const revalidate = useRevalidate();
  return async (committeeId: number, userId: number) => {
    await removeMember(committeeId, userId);
    await revalidate(membersKey(committeeId), committeesPath, '/api/trustees/active');
  };
}
