import useSWR from 'swr';
import type { Minutes } from '@/types/api';

export const minutesPath = '/api/minutes';

export const minutesKey = (search: string): string =>
  search ? `${minutesPath}?search=${encodeURIComponent(search)}` : minutesPath;

export const useMinutes = (search: string) => useSWR<Minutes[]>(minutesKey(search));
