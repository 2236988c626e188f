// The decisions register (spec §2): decisions recorded in written minutes, and passed written
// resolutions; searchable, exported as CSV.
import useSWR from 'swr';
import { downloadFile } from '@/lib/download';
import type { Decision } from '@/types/api';

export const decisionsPath = '/api/decisions';

const query = (search: string) => (search ? `?q=${encodeURIComponent(search)}` : '');

export const decisionsKey = (search: string): string => `${decisionsPath}${query(search)}`;

export const useDecisions = (search: string) => useSWR<Decision[]>(decisionsKey(search));

/** The same register (same search) as `decisions-register.csv`. */
export const downloadDecisionsCsv = (search: string) =>
  downloadFile(`${decisionsPath}.csv${query(search)}`);
