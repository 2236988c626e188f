import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { MessageResponse } from '@/types/api';
import { committeesPath } from '@/features/committees/api/get-committees';

export const deleteCommittee = (id: number) =>
  api.delete<MessageResponse>(`${committeesPath}/${id}`);

export function useDeleteCommittee() {
  const revalidate = useRevalidate();
  return async (id: number) => {
    await deleteCommittee(id);
    await revalidate(committeesPath, '/api/trustees/active');
  };
}
