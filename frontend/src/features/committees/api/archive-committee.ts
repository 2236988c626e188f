import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Committee } from '@/types/api';
import { committeesPath } from '@/features/committees/api/get-committees';

export const archiveCommittee = (id: number) =>
  api.patch<Committee>(`${committeesPath}/${id}/archive`);

export function useArchiveCommittee() {
  const revalidate = useRevalidate();
  return async (id: number) => {
    const committee = await archiveCommittee(id);
    await revalidate(committeesPath);
    return committee;
  };
}
