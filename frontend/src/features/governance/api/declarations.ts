// Annual declarations rounds.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { components } from '@/types/api.generated';
import type {
  DeclarationRound,
  DeclarationRoundDetail,
  DeclarationRoundSummary,
} from '@/features/governance/types';

export const roundsPath = '/api/declaration-rounds';

export const useRounds = () => useSWR<DeclarationRoundSummary[]>(roundsPath);
export const useRound = (id: number | null) =>
  useSWR<DeclarationRoundDetail>(id === null ? null : `${roundsPath}/${id}`);

export type OpenRoundInput = components['schemas']['OpenRoundRequest'];
export type DeclareInput = components['schemas']['DeclareRequest'];

export function useRoundActions() {
  const revalidate = useRevalidate();
  return {
    open: async (input: OpenRoundInput) => {
      const round = await api.post<DeclarationRound>(roundsPath, input);
      await revalidate(roundsPath);
      return round;
    },
    declare: async (id: number, input: DeclareInput) => {
      const round = await api.post<DeclarationRoundDetail>(
        `${roundsPath}/${id}/declaration`,
        input,
      );
      await revalidate(roundsPath);
      return round;
    },
    close: async (id: number) => {
      const round = await api.post<DeclarationRound>(`${roundsPath}/${id}/close`);
      await revalidate(roundsPath);
      return round;
    },
    remind: (id: number) =>
      api.post<{ reminded: number; mailConfigured: boolean }>(`${roundsPath}/${id}/reminders`),
  };
}
