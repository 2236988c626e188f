// The active committees a meeting may belong to. The key is the committees page's own, so the two
// share one cached list (features do not import each other).
import useSWR from 'swr';
import type { Committee } from '@/types/api';

export const useCommitteeChoices = (enabled: boolean) =>
  useSWR<Committee[]>(enabled ? '/api/committees' : null);
