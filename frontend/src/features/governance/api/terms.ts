// Terms of office: the board overview and recording appointments.
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useRevalidate } from '@/lib/swr';
import type { Term, TrusteeService } from '@/features/governance/types';

export const termsPath = '/api/terms';

export const useTermsOverview = () => useSWR<TrusteeService[]>(termsPath);

export type TermInput = {
  userId: number;
  startedOn: string;
  termYears: number;
  reappointment: boolean;
};

export function useRecordTerm() {
  const revalidate = useRevalidate();
  return async (input: TermInput) => {
    const term = await api.post<Term>(termsPath, input);
    await revalidate(termsPath);
    return term;
  };
}
