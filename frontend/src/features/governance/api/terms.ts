// Terms of office: the board overview and recording appointments.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Term, TrusteeService } from '@/features/governance/types';
import type { components } from '@/types/api.generated';

export const termsPath = '/api/terms';

export const useTermsOverview = () => useSWR<TrusteeService[]>(termsPath);

export type TermInput = components['schemas']['TermRequest'];

export function useRecordTerm() {
  const revalidate = useRevalidate();
  return async (input: TermInput) => {
    const term = await api.post<Term>(termsPath, input);
    await revalidate(termsPath);
    return term;
  };
}

export type TermChanges = Omit<TermInput, 'userId'> & { endedOn: string | null };

export function useChangeTerm() {
  const revalidate = useRevalidate();
  return {
    update: async (id: number, input: TermChanges) => {
      const term = await api.put<Term>(`${termsPath}/${id}`, input);
      await revalidate(termsPath);
      return term;
    },
    remove: async (id: number) => {
      await api.delete(`${termsPath}/${id}`);
      await revalidate(termsPath);
    },
  };
}
