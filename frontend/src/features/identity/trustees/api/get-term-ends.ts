// When each trustee's current term ends (spec §10), by user id.
import useSWR from 'swr';
import type { components } from '@/types/api.generated';

type TermSummary = Pick<components['schemas']['TrusteeService'], 'userId' | 'currentTermEndsOn'>;

export const termsKey = '/api/terms';

export function useTermEnds(): Map<number, string> {
  const { data } = useSWR<TermSummary[]>(termsKey);
  return new Map(
    (data ?? []).flatMap((t): [number, string][] =>
      t.currentTermEndsOn ? [[t.userId, t.currentTermEndsOn]] : [],
    ),
  );
}
