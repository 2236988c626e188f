import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Committee, CreateCommitteeRequest } from '@/types/api';
import { committeesPath } from '@/features/committees/api/get-committees';

export type CreateCommitteeInput = CreateCommitteeRequest;

export const createCommittee = (input: CreateCommitteeInput) =>
  api.post<Committee>(committeesPath, input);

export function useCreateCommittee() {
  const revalidate = useRevalidate();
  return async (input: CreateCommitteeInput) => {
    const committee = await createCommittee(input);
    await revalidate(committeesPath, '/api/trustees/active');
    return committee;
  };
}
