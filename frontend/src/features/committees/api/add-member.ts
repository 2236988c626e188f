import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { CommitteeMember, CommitteeRole } from '@/types/api';
import { committeesPath } from '@/features/committees/api/get-committees';
import { membersKey } from '@/features/committees/api/get-members';

export const addMember = (committeeId: number, userId: number, role: CommitteeRole) =>
  api.post<CommitteeMember>(membersKey(committeeId), { userId, role });

export function useAddMember() {
  const revalidate = useRevalidate();
  return async (committeeId: number, userId: number, role: CommitteeRole) => {
    const member = await addMember(committeeId, userId, role);
    await revalidate(membersKey(committeeId), committeesPath, '/api/trustees/active');
    return member;
  };
}
