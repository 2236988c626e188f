// Written resolutions.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Resolution, VoteChoice } from '@/features/governance/types';
import type { components } from '@/types/api.generated';

export const resolutionsPath = '/api/resolutions';

export const useResolutions = () => useSWR<Resolution[]>(resolutionsPath);

export type ProposeInput = components['schemas']['ProposeRequest'];

export function useResolutionActions() {
  const revalidate = useRevalidate();
  return {
    propose: async (input: ProposeInput) => {
      const created = await api.post<Resolution>(resolutionsPath, input);
      await revalidate(resolutionsPath);
      return created;
    },
    vote: async (id: number, vote: VoteChoice, comment: string) => {
      const voted = await api.post<Resolution>(`${resolutionsPath}/${id}/votes`, {
        vote,
        comment: comment.trim() || null,
      });
      await revalidate(resolutionsPath);
      return voted;
    },
    declareConflict: async (id: number) => {
      const declared = await api.post<Resolution>(`${resolutionsPath}/${id}/conflict`);
      await revalidate(resolutionsPath);
      return declared;
    },
  };
}
