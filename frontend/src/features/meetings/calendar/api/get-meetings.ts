import useSWR from 'swr';
import type { Meeting } from '@/types/api';

export const meetingsPath = '/api/meetings';

export const meetingsKey = (upcoming: boolean): string => `${meetingsPath}?upcoming=${upcoming}`;

export const useMeetings = (upcoming: boolean) => useSWR<Meeting[]>(meetingsKey(upcoming));
